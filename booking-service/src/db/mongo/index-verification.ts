import type { Model } from 'mongoose';
import type { DamagedIndex, IndexRebuild, IndexVerification } from '../../store/types.ts';
import type { Models } from './models.ts';
import type { WaitingRoomModels } from './waiting-room/documents.ts';

/** The models whose unique indexes carry a guarantee: every collection's. */
type GuardedModels = Models & WaitingRoomModels;

/** A unique index a schema declares: where its guarantee comes from on MongoDB (there is no catalogue of rules). */
interface DeclaredUnique {
  model: Model<unknown>;
  name: string;
  keys: Record<string, 1 | -1>;
  options: Record<string, unknown>;
}

/** mongoose's default index name: each key and direction joined ("showId_1_seats_1"). */
const nameOf = (keys: Record<string, unknown>, options: Record<string, unknown>) => (options.name as string | undefined) ?? Object.entries(keys).map(([key, dir]) => `${key}_${String(dir)}`).join('_');

function declaredUniques(models: GuardedModels): DeclaredUnique[] {
  return (Object.values(models) as Model<unknown>[]).flatMap(uniquesOf);
}

function uniquesOf(model: Model<unknown>): DeclaredUnique[] {
  return model.schema
      .indexes()
      .filter(([, options]) => options?.unique)
      .map(([keys, options]) => ({ model, name: nameOf(keys, options as Record<string, unknown>), keys: keys as Record<string, 1 | -1>, options: options as Record<string, unknown> }));
}

/** A unique index of `model` its documents break (a key held twice), with the key; null if none does. */
export async function uniqueKeyHeldTwice(model: Model<unknown>): Promise<{ index: string; key: string } | null> {
  for (const unique of uniquesOf(model)) {
    const key = await keyHeldTwice(unique);
    if (key) return { index: unique.name, key };
  }
  return null;
}

/** A key the collection holds twice under the index's filter, read from the documents (not through the index), or null. */
async function keyHeldTwice({ model, keys, options }: DeclaredUnique): Promise<string | null> {
  const group = Object.fromEntries(Object.keys(keys).map((key, k) => [`k${k}`, `$${key}`]));
  const [twice] = await model.collection
    .aggregate<{ _id: Record<string, unknown> }>([
      { $match: (options.partialFilterExpression as object | undefined) ?? {} },
      // An array field is indexed per element (the live seats): each element is a key.
      ...Object.keys(keys).map((key) => ({ $unwind: { path: `$${key}`, preserveNullAndEmptyArrays: true } })),
      { $group: { _id: group, n: { $sum: 1 } } },
      { $match: { n: { $gt: 1 } } },
      { $limit: 1 },
    ])
    .toArray();
  return twice ? JSON.stringify(twice._id) : null;
}

/**
 * The unique indexes the schemas declare, against what each collection has (listIndexes: one dropped, or
 * never built on a restored collection, guards nothing) and against its documents (a key held twice).
 */
export async function verifyIndexes(models: GuardedModels): Promise<IndexVerification> {
  const declared = declaredUniques(models);
  const damaged: DamagedIndex[] = [];
  for (const unique of declared) {
    const table = unique.model.collection.collectionName;
    const present = await unique.model.collection.indexes().catch(() => []);
    if (!present.some((index) => index.name === unique.name && index.unique)) {
      damaged.push({ index: unique.name, table, problem: 'the collection does not have it' });
      continue;
    }
    const twice = await keyHeldTwice(unique);
    if (twice) damaged.push({ index: unique.name, table, problem: `the collection holds the key ${twice} more than once` });
  }
  return { checked: true, indexes: declared.length, damaged };
}

/** Builds a declared unique index that is missing; refused (named) when the collection holds a key twice. */
export async function rebuildIndex(models: GuardedModels, name: string): Promise<IndexRebuild> {
  const unique = declaredUniques(models).find((candidate) => candidate.name === name);
  if (!unique) throw new Error(`The index ${name} is not one the schemas declare`);
  const twice = await keyHeldTwice(unique);
  if (twice) return { rebuilt: false, duplicate: twice };
  await unique.model.collection.createIndex(unique.keys, { ...unique.options, name });
  return { rebuilt: true };
}
