import { describe, expect, it } from 'vitest';
import { defaultUserSettings, mergeUserSettings, rootFontSizeRem, updateUserSettingsInputSchema } from './settings.ts';

describe('user settings', () => {
  it('has the spec’s defaults', () => {
    expect(defaultUserSettings.default_login_url).toBe('/dashboard');
    expect(defaultUserSettings.ticket_subject_length).toBe(60);
    expect(defaultUserSettings.font_size).toBe(100);
    expect(defaultUserSettings.expand_sidebar).toBe(true);
    expect(defaultUserSettings.pagination_scroll).toBe(false);
  });

  it('merges stored values over the defaults, dropping unknown keys and values that fail the rules', () => {
    expect(mergeUserSettings(undefined)).toEqual(defaultUserSettings);
    expect(mergeUserSettings(['x'])).toEqual(defaultUserSettings);
    expect(mergeUserSettings({ dark_mode: true, font_size: 20, extra: 1 })).toEqual({
      ...defaultUserSettings,
      dark_mode: true,
    });
  });

  it('applies font_size as a 0.8/100 scale', () => {
    expect(rootFontSizeRem(100)).toBeCloseTo(0.8);
    expect(rootFontSizeRem(150)).toBeCloseTo(1.2);
  });

  it('validates a partial update', () => {
    expect(updateUserSettingsInputSchema.safeParse({}).success).toBe(true);
    expect(updateUserSettingsInputSchema.safeParse({ default_login_url: '/tickets' }).success).toBe(true);
    expect(updateUserSettingsInputSchema.safeParse({ default_login_url: '//evil' }).success).toBe(false);
    expect(updateUserSettingsInputSchema.safeParse({ highlight_color: '#abc' }).success).toBe(true);
  });
});
