'use strict';

function words(text) {
  return String(text)
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .split(/[^A-Za-z]+/)
    .filter(Boolean);
}

function capitalize(word) {
  return word[0].toUpperCase() + word.slice(1).toLowerCase();
}

function camelCase(text) {
  return words(text)
    .map((word, i) => (i === 0 ? word.toLowerCase() : capitalize(word)))
    .join('');
}

function kebabCase(text) {
  return words(text).map((word) => word.toLowerCase()).join('-');
}

module.exports = { camelCase, kebabCase, words };
