import {
  AdminAddUserToGroupCommand,
  AdminRemoveUserFromGroupCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import type { Role } from '../../../shared/constants';
import { ADMIN_GROUPS } from '../../../shared/constants';
import { env } from '../env';
import { groupsForRole } from './roles';

let client: CognitoIdentityProviderClient | undefined;
const cognito = () => {
  client ??= new CognitoIdentityProviderClient({});
  return client;
};

/**
 * Makes the user's Cognito groups match their role: in the role's group, out of the other admin groups. The
 * username is the sub (Cognito resolves it for pools that sign in by e-mail). Idempotent.
 */
export async function syncRoleGroups(userId: string, role: Role): Promise<void> {
  const wanted = new Set(groupsForRole(role));
  const UserPoolId = env.userPoolId;
  for (const group of wanted) {
    await cognito().send(new AdminAddUserToGroupCommand({ UserPoolId, Username: userId, GroupName: group }));
  }
  await Promise.all(
    ADMIN_GROUPS.filter((g) => !wanted.has(g)).map((group) =>
      cognito().send(new AdminRemoveUserFromGroupCommand({ UserPoolId, Username: userId, GroupName: group })),
    ),
  );
}
