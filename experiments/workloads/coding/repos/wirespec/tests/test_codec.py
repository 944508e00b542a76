import unittest

from generated.messages import Close, Ping, Publish
from wirespec.codec import decode, encode


class CodecTest(unittest.TestCase):
    def test_round_trip(self):
        for message in (Ping(seq=1), Publish(topic="t", body="b", tags=["x"]), Close()):
            self.assertEqual(decode(encode(message)), message)

    def test_close_defaults_to_normal_code(self):
        self.assertEqual(Close().code, 1000)


if __name__ == "__main__":
    unittest.main()
