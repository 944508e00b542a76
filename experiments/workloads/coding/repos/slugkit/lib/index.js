'use strict';

const { slugify } = require('./slugify');
const { camelCase, kebabCase } = require('./case');
const { truncate } = require('./truncate');

module.exports = { slugify, camelCase, kebabCase, truncate };
