// skillopt-sleep extension for pi.
//
// It marks each session with how it was run, so that capture can tell a person's session from a
// scripted one: pi writes the same session file for `pi -p` (print and JSON modes, no UI) as for
// the terminal UI, and this entry is what tells them apart. It holds no conversation text and
// never reaches the model.
//
// When the session ends it starts the capture hook in the background with the session file's
// path; pi never waits for it, and a hook that cannot start is ignored.
//
// Install: `skillopt-sleep hooks install --agent pi` writes this file, with CAPTURE filled in, to
// ~/.pi/agent/extensions/. A copy with CAPTURE empty only marks sessions (harvest reads them).
import { spawn } from "node:child_process";
import type { ExtensionAPI } from "@mariozechner/pi-coding-agent";

const CAPTURE: string[] = []; // the capture hook's command line

export default function (pi: ExtensionAPI) {
  pi.on("session_start", async (_event, ctx) => {
    pi.appendEntry("skillopt-sleep", {
      headless: !ctx.hasUI,
      replay: Boolean(process.env.SKILLOPT_SLEEP_REPLAY),
    });
  });

  pi.on("session_shutdown", async (event, ctx) => {
    const file = ctx.sessionManager.getSessionFile();
    if (!file || CAPTURE.length === 0) return;
    const payload = {
      hook_event_name: "session_shutdown",
      reason: event.reason,
      session_id: ctx.sessionManager.getSessionId(),
      transcript_path: file,
      cwd: ctx.cwd,
    };
    try {
      const hook = spawn(CAPTURE[0], [...CAPTURE.slice(1), JSON.stringify(payload)], { detached: true, stdio: "ignore" });
      hook.on("error", () => {});
      hook.unref();
    } catch {
      // the session ends without this capture
    }
  });
}
