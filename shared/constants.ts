/** Product constants from the spec (§9) and the architecture, in one place. */
export const ROLES = ['user', 'admin', 'super_admin'] as const;
export type Role = (typeof ROLES)[number];
export const ADMIN_GROUPS = ['admin', 'super_admin'] as const;

export const PASSWORD_POLICY = {
  minLength: 8,
  requireUppercase: true,
  requireLowercase: true,
  requireDigits: true,
  requireSymbols: true,
} as const;
export const PASSWORD_HINT =
  'Password must be at least 8 characters long and include upper- and lower-case letters, a number and a symbol';

export const TAG_SUGGESTIONS = [
  'Residential',
  'Commercial',
  'Modern',
  'Traditional',
  'Interior',
  'Exterior',
] as const;
export const QUICK_PROMPTS = [
  'Photorealistic exterior view',
  'Isometric architectural rendering',
  'Modern interior with natural lighting',
  'Night scene with ambient lighting',
  'Artistic watercolor style',
] as const;
export const MAX_FILE_BYTES = 100 * 1024 * 1024;
export const COPIED_INDICATOR_MS = 2000;
export const ACTIVE_USER_DAYS = 7;
export const NEW_USER_DAYS = 30;
export const STORAGE_WARNING_BYTES = 80 * 1024 ** 3;
export const QUEUE_HIGH_PENDING = 10;
export const RECENT_ACTIVITY_RENDERS = 3;
export const RECENT_ACTIVITY_PROMPT_CHARS = 50;
export const TEMPLATE_VARIABLES_SHOWN = 3;
export const TEMPLATE_CATEGORIES = ['analysis', 'visualization', 'rendering', 'technical'] as const;
export const SETTING_CATEGORIES = [
  'general',
  'system',
  'ai',
  'security',
  'files',
  'rendering',
  'limits',
] as const;
export const ADMIN_SIDEBAR = {
  cookieMaxAgeDays: 7,
  width: '16rem',
  iconWidth: '3rem',
  mobileWidth: '18rem',
  shortcutKey: 'b',
  mobileBreakpointPx: 768,
} as const;
export const MARKETING = { architects: '500+', rating: '4.9/5' } as const;
/** How often a user's last activity is written at most. */
export const ACTIVITY_WRITE_INTERVAL_MS = 60_000;
