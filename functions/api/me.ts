import { meApi } from '../../shared/api/me';
import type { Me } from '../../shared/schemas/auth';
import { callerFrom } from '../lib/auth';
import { createHttpHandler, json } from '../lib/http';
import { ensureProfile } from '../lib/profile-service';

export const handler = createHttpHandler(meApi, {
  'GET /api/me': async ({ event }) => {
    const caller = callerFrom(event);
    const profile = await ensureProfile(caller);
    const me: Me = { id: profile.id, email: profile.email, role: profile.role };
    return json(200, me);
  },
});
