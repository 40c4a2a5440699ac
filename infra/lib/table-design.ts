/**
 * The single table's key design, shared by the CDK stack and the local cloud (no aws-cdk-lib import here, so
 * the local cloud can import it cheaply). Item layouts live in functions/lib/db/keys.ts.
 */
export const TABLE_KEYS = { partitionKey: 'PK', sortKey: 'SK' } as const;

export const GSI1 = { indexName: 'GSI1', partitionKey: 'GSI1PK', sortKey: 'GSI1SK' } as const;

/**
 * Items with this numeric attribute (epoch seconds) expire: idempotency records (24 hours) and daily usage
 * quotas (2 days). Nothing else sets it.
 */
export const TTL_ATTRIBUTE = 'ttl';

/**
 * The table as a DynamoDB CreateTable input (plain object, structurally compatible with
 * `CreateTableCommandInput` from @aws-sdk/client-dynamodb), for emulators such as DynamoDB Local.
 */
export function createTableInput(tableName: string) {
  return {
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST' as const,
    AttributeDefinitions: [
      { AttributeName: TABLE_KEYS.partitionKey, AttributeType: 'S' as const },
      { AttributeName: TABLE_KEYS.sortKey, AttributeType: 'S' as const },
      { AttributeName: GSI1.partitionKey, AttributeType: 'S' as const },
      { AttributeName: GSI1.sortKey, AttributeType: 'S' as const },
    ],
    KeySchema: [
      { AttributeName: TABLE_KEYS.partitionKey, KeyType: 'HASH' as const },
      { AttributeName: TABLE_KEYS.sortKey, KeyType: 'RANGE' as const },
    ],
    GlobalSecondaryIndexes: [
      {
        IndexName: GSI1.indexName,
        KeySchema: [
          { AttributeName: GSI1.partitionKey, KeyType: 'HASH' as const },
          { AttributeName: GSI1.sortKey, KeyType: 'RANGE' as const },
        ],
        Projection: { ProjectionType: 'ALL' as const },
      },
    ],
  };
}
