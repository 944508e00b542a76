'use strict';

const test = require('node:test');
const assert = require('node:assert');
const { camelCase, kebabCase } = require('../lib');

test('camelCase', () => {
  assert.strictEqual(camelCase('hello big world'), 'helloBigWorld');
});

test('kebabCase splits camel humps', () => {
  assert.strictEqual(kebabCase('helloBigWorld'), 'hello-big-world');
});
