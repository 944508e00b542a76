"""Repo tasks mined from coding sessions: where the session started (`locate`), what it ran to
check its work (`verification`), what it changed, and the user's corrections as checks over the
trajectory and the diff (`conventions`); `miner` puts them together, or says why it cannot."""
