// skillopt-sleep extension for pi: marks each session with how it was run, so that capture can
// tell a person's session from a scripted one. pi writes the same session file for `pi -p`
// (print and JSON modes, no UI) as for the terminal UI; this entry is what tells them apart.
// It holds no conversation text and never reaches the model.
//
// Install: copy this file to ~/.pi/agent/extensions/ (or a project's .pi/extensions/).
import type { ExtensionAPI } from "@mariozechner/pi-coding-agent";

export default function (pi: ExtensionAPI) {
  pi.on("session_start", async (_event, ctx) => {
    pi.appendEntry("skillopt-sleep", {
      headless: !ctx.hasUI,
      replay: Boolean(process.env.SKILLOPT_SLEEP_REPLAY),
    });
  });
}
