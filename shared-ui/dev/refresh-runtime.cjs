'use strict';
/**
 * Development only: one React Refresh runtime per page. The shell loads first
 * and publishes its runtime; a remote loaded into the shell's page uses that
 * same runtime, which knows the React roots the shell mounted, so editing a
 * remote's component re-renders it in place. A remote on its standalone page
 * finds none and uses its own.
 */
const KEY = '__marqueeReactRefreshRuntime__';
const scope = typeof globalThis !== 'undefined' ? globalThis : window;
if (!scope[KEY]) scope[KEY] = require('react-refresh/cjs/react-refresh-runtime.development.js');
module.exports = scope[KEY];
