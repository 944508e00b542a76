'use strict';

// The package's lint: strict mode in every file, no var, no console.log in lib/, lines of at
// most 100 characters. Node's standard library only.
const fs = require('node:fs');
const path = require('node:path');

function files(folder) {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    return entry.isDirectory() ? files(full) : full.endsWith('.js') ? [full] : [];
  });
}

const problems = [];
for (const file of ['lib', 'test', 'scripts'].flatMap(files)) {
  const text = fs.readFileSync(file, 'utf8');
  if (!text.startsWith("'use strict';")) problems.push(`${file}: missing 'use strict'`);
  text.split('\n').forEach((line, i) => {
    if (line.length > 100) problems.push(`${file}:${i + 1}: line longer than 100 characters`);
    if (/\bvar\s/.test(line)) problems.push(`${file}:${i + 1}: use const or let, not var`);
    if (file.startsWith('lib') && /console\.log/.test(line)) {
      problems.push(`${file}:${i + 1}: console.log in lib/`);
    }
  });
}
problems.forEach((problem) => console.error(problem));
process.exit(problems.length ? 1 : 0);
