'use strict';

const test = require('node:test');
const assert = require('node:assert');
const { truncate } = require('../lib');

test('short text is kept', () => {
  assert.strictEqual(truncate('abc', 5), 'abc');
});
