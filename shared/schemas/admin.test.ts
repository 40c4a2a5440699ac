import { describe, expect, it } from 'vitest';
import {
  createSettingSchema,
  createTemplateSchema,
  listUsersQuerySchema,
  splitVariables,
  templateVariablesSchema,
  updateSettingSchema,
  updateTemplateSchema,
} from './admin';

describe('admin schemas', () => {
  it('accepts template variables as a list, a JSON string or comma-separated text', () => {
    expect(templateVariablesSchema.parse([' a ', 'b', '', 'a'])).toEqual(['a', 'b']);
    expect(templateVariablesSchema.parse('["x","y"]')).toEqual(['x', 'y']);
    expect(templateVariablesSchema.parse('style, subject,, light ')).toEqual(['style', 'subject', 'light']);
    expect(templateVariablesSchema.parse('')).toEqual([]);
    expect(templateVariablesSchema.safeParse('["x", 2]').success).toBe(false);
    expect(templateVariablesSchema.safeParse('[oops').success).toBe(false);
    expect(templateVariablesSchema.safeParse(3).success).toBe(false);
    expect(splitVariables(' a ,b,, ')).toEqual(['a', 'b']);
  });

  it('creates templates with defaults; updates need at least one known field', () => {
    expect(createTemplateSchema.parse({ name: ' N ', category: 'analysis', template: 't' })).toEqual({
      name: 'N',
      category: 'analysis',
      template: 't',
      variables: [],
      isActive: true,
    });
    expect(createTemplateSchema.safeParse({ name: 'N', category: 'poems', template: 't' }).success).toBe(
      false,
    );
    expect(updateTemplateSchema.safeParse({}).success).toBe(false);
    expect(updateTemplateSchema.safeParse({ usageCount: 3 }).success).toBe(false);
    expect(updateTemplateSchema.parse({ isActive: false })).toEqual({ isActive: false });
  });

  it('validates setting keys and categories; the key cannot be updated', () => {
    expect(createSettingSchema.parse({ key: 'limits.x', value: '1', category: 'limits' })).toMatchObject({
      key: 'limits.x',
      description: null,
    });
    expect(createSettingSchema.safeParse({ key: 'bad key', value: 1 }).success).toBe(false);
    expect(createSettingSchema.safeParse({ key: 'k', value: 1, category: 'weather' }).success).toBe(false);
    expect(createSettingSchema.safeParse({ key: 'k' }).success).toBe(false);
    expect(updateSettingSchema.safeParse({ key: 'other', value: 1 }).success).toBe(false);
    expect(updateSettingSchema.parse({ description: '  ' })).toEqual({ description: null });
  });

  it('lower-cases the e-mail search and checks the role filter', () => {
    expect(listUsersQuerySchema.parse({ q: ' Ada@Example.COM ' })).toMatchObject({
      q: 'ada@example.com',
      role: 'all',
    });
    expect(listUsersQuerySchema.safeParse({ role: 'owner' }).success).toBe(false);
  });
});
