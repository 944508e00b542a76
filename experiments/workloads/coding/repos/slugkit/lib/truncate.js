'use strict';

// Cut text to at most `length` characters, marking the cut with `ellipsis`.
function truncate(text, length, ellipsis = '...') {
  const value = String(text);
  if (value.length <= length) {
    return value;
  }
  return value.slice(0, length) + ellipsis;
}

module.exports = { truncate };
