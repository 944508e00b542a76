'use strict';

// A URL slug: lower case, runs of other characters become one separator.
function slugify(text) {
  return String(text)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-');
}

module.exports = { slugify };
