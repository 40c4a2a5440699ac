/** Every key of the single table is built here. */
export const keys = {
  profile: (userId: string) => ({ PK: `USER#${userId}`, SK: 'PROFILE' }),
  profileIndex: (createdAt: string, userId: string) => ({
    GSI1PK: 'PROFILES',
    GSI1SK: `${createdAt}#${userId}`,
  }),
  stats: (bucket: 'TOTAL' | `DAY#${string}`) => ({ PK: 'STATS', SK: bucket }),
};
