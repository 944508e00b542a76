'use strict';

const test = require('node:test');
const assert = require('node:assert');
const { slugify } = require('../lib');

test('lower-cases and joins words', () => {
  assert.strictEqual(slugify('Hello World'), 'hello-world');
});

test('collapses runs of punctuation', () => {
  assert.strictEqual(slugify('a, b & c'), 'a-b-c');
});
