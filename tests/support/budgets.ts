/**
 * The frontend budgets that both the benchmark (tests/bench/frontend-budgets.ts) and the browser tests
 * (tests/browser/performance.spec.ts, layout-shift.spec.ts) hold the builds to, written once.
 */
export const FIRST_VISIT_JS_KIB = 140;
