import { keys } from './keys';

/**
 * The platform counters (STATS/TOTAL and STATS/DAY#<date>) as TransactWriteItems updates, so that a count
 * changes in the same transaction as the item it counts. The admin dashboard reads them in O(1).
 */
export function counterUpdates(tableName: string, deltas: Record<string, number>, now = new Date()) {
  const names: Record<string, string> = {};
  const values: Record<string, number> = {};
  const parts = Object.entries(deltas).map(([name, delta], i) => {
    names[`#c${i}`] = name;
    values[`:c${i}`] = delta;
    return `#c${i} :c${i}`;
  });
  const update = (bucket: 'TOTAL' | `DAY#${string}`) => ({
    Update: {
      TableName: tableName,
      Key: keys.stats(bucket),
      UpdateExpression: `ADD ${parts.join(', ')}`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
  });
  return [update('TOTAL'), update(`DAY#${now.toISOString().slice(0, 10)}`)];
}
