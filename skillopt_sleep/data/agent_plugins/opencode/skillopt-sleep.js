// skillopt-sleep plugin for OpenCode: records each session when it goes idle (a turn has ended)
// by starting the capture hook in the background; OpenCode never waits for it, and a hook that
// cannot start is ignored. The hook reads nothing but the session's id and folder from here;
// ingestion reads the session from OpenCode's database later.
//
// Install: `skillopt-sleep hooks install --agent opencode` writes this file, with CAPTURE filled
// in, to ~/.config/opencode/plugins/. With CAPTURE empty it does nothing (harvest still reads
// OpenCode's history).
import { spawn } from "node:child_process";

const CAPTURE = []; // the capture hook's command line

export const SkilloptSleep = async ({ directory }) => ({
  event: async ({ event }) => {
    if (event.type !== "session.idle" || CAPTURE.length === 0) return;
    const payload = { hook_event_name: event.type, session_id: event.properties?.sessionID, cwd: directory };
    try {
      const hook = spawn(CAPTURE[0], [...CAPTURE.slice(1), JSON.stringify(payload)], { detached: true, stdio: "ignore" });
      hook.on("error", () => {});
      hook.unref();
    } catch {
      // the session goes on without this capture
    }
  },
});
