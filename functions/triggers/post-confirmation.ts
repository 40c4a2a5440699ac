import type { PostConfirmationTriggerEvent } from 'aws-lambda';
import { createProfile } from '../lib/db/profiles';
import { logger } from '../lib/logger';

/** Writes the profile (role `user`) when a self-registered user confirms their e-mail. Idempotent. */
export async function handler(event: PostConfirmationTriggerEvent): Promise<PostConfirmationTriggerEvent> {
  if (event.triggerSource !== 'PostConfirmation_ConfirmSignUp') return event;
  const { sub, email } = event.request.userAttributes;
  if (!sub || !email) {
    logger.error('post confirmation without sub or email', { userName: event.userName });
    return event;
  }
  await createProfile({ id: sub, email, role: 'user' });
  logger.info('profile created', { userId: sub });
  return event;
}
