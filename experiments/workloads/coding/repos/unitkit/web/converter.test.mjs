import assert from "node:assert/strict";
import { test } from "node:test";

import { convertValue, render } from "./converter.mjs";

test("converts with the two factors", () => {
  assert.equal(convertValue(1.5, 1000, 1), 1500);
});

test("render writes the value and the unit", () => {
  const output = {};
  render(output, 1.5, "km");
  assert.equal(output.textContent, "1.500 km");
});
