import { readFileSync } from 'node:fs';

/**
 * The shape of Stripe's answers, for the fields the service reads: each present,
 * of the type Stripe's OpenAPI specification gives it (the one stripe-mock answers
 * from), and of the same type as stripe-mock's own answer. A stand-in that drifts
 * (a field renamed, a number sent as a string, a status Stripe never uses) fails.
 */

/** The fields the Stripe adapter reads (payments/stripe/stripe-format.ts's StripeSessionObject, the refund's id and status). */
export const READ_FIELDS = {
  'checkout.session': ['id', 'object', 'status', 'payment_status', 'payment_intent', 'amount_total', 'currency', 'metadata', 'client_reference_id', 'url'],
  refund: ['id', 'status'],
} as const;

export type StripeObjectName = keyof typeof READ_FIELDS;

interface PropertySchema {
  type?: string;
  nullable?: boolean;
  enum?: unknown[];
  anyOf?: PropertySchema[];
  $ref?: string;
}

type Spec = { components: { schemas: Record<string, { properties: Record<string, PropertySchema> }> } };

export function loadSpec(specPath: string): Spec {
  return JSON.parse(readFileSync(specPath, 'utf8')) as Spec;
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/** Why value does not fit the property's schema, or null when it does. */
function misfit(value: unknown, schema: PropertySchema): string | null {
  if (value === null) return schema.nullable ? null : 'null, which Stripe never answers here';
  if (schema.anyOf) return schema.anyOf.some((option) => misfit(value, option) === null) ? null : `${kindOf(value)} fits none of ${JSON.stringify(schema.anyOf)}`;
  // A reference to another object (an expanded payment intent): an object with an id.
  if (schema.$ref) return kindOf(value) === 'object' && typeof (value as { id?: unknown }).id === 'string' ? null : `${kindOf(value)}, not an object with an id`;
  const kind = kindOf(value);
  const expected = schema.type;
  if (expected && !(kind === expected || (expected === 'number' && kind === 'integer'))) return `${kind}, not ${expected}`;
  if (schema.enum && !schema.enum.includes(value)) return `${JSON.stringify(value)}, not one of ${JSON.stringify(schema.enum)}`;
  return null;
}

/**
 * The problems of a stand-in's answer against Stripe's specification and stripe-mock's
 * answer to the same call; empty when it has Stripe's shape.
 */
export function shapeProblems(spec: Spec, object: StripeObjectName, standIn: Record<string, unknown>, stripeMock: Record<string, unknown>): string[] {
  const properties = spec.components.schemas[object]!.properties;
  const problems: string[] = [];
  for (const field of READ_FIELDS[object]) {
    const schema = properties[field];
    if (!schema) {
      problems.push(`${object}.${field}: not in Stripe's specification`);
      continue;
    }
    if (!(field in stripeMock)) problems.push(`${object}.${field}: missing from stripe-mock's answer`);
    if (!(field in standIn)) {
      problems.push(`${object}.${field}: missing from the stand-in's answer`);
      continue;
    }
    const standInMisfit = misfit(standIn[field], schema);
    if (standInMisfit) problems.push(`${object}.${field}: the stand-in answers ${standInMisfit}`);
    const stripeKind = kindOf(stripeMock[field]);
    const standInKind = kindOf(standIn[field]);
    // Where both carry a value, it is of the same kind (null is decided by the specification above).
    if (stripeKind !== 'null' && standInKind !== 'null' && stripeKind !== standInKind) {
      problems.push(`${object}.${field}: the stand-in answers ${standInKind}, stripe-mock ${stripeKind}`);
    }
  }
  return problems;
}
