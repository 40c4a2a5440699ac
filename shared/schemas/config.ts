// zod/mini: this schema is on the SPA's start-up path, where the full zod build would cost ~25 KB gzipped.
import * as z from 'zod/mini';

/** `/config.json`: the runtime configuration the SPA reads, so one build serves every environment. */
export const runtimeConfigSchema = z.object({
  region: z.string(),
  userPoolId: z.string(),
  userPoolClientId: z.string(),
  /** Custom Cognito endpoint (the local cloud's); absent in AWS. */
  cognitoEndpoint: z.optional(z.string()),
  authFlowType: z.enum(['USER_SRP_AUTH', 'USER_PASSWORD_AUTH']),
  apiBaseUrl: z.string(),
  /** True on the local cloud: the SPA links the dev mailbox. */
  localMailbox: z.optional(z.boolean()),
});
export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;
