import { describe, expect, it } from 'vitest';
import {
  formatVoicemailLength,
  VOICEMAIL_MAX_BYTES,
  voicemailDeleteQuerySchema,
  voicemailFileProblem,
  voicemailMessages,
  voicemailNameFromFile,
  voicemailUpdateSchema,
  voicemailUploadFieldsSchema,
} from './crm-voicemails.ts';

describe('voicemailFileProblem', () => {
  it('accepts WAV and MP3 by name and type', () => {
    expect(voicemailFileProblem({ name: 'intro.wav', type: 'audio/wav', size: 10 })).toBeNull();
    expect(voicemailFileProblem({ name: 'Intro.MP3', type: 'audio/mpeg', size: 10 })).toBeNull();
    // Some systems send no type at all.
    expect(voicemailFileProblem({ name: 'intro.wav', type: '', size: 10 })).toBeNull();
  });

  it('refuses other kinds, empty and oversized files', () => {
    expect(voicemailFileProblem({ name: 'intro.ogg', type: 'audio/ogg', size: 10 })).toBe(voicemailMessages.fileType);
    expect(voicemailFileProblem({ name: 'intro.wav', type: 'image/png', size: 10 })).toBe(voicemailMessages.fileType);
    expect(voicemailFileProblem({ name: 'intro.wav', type: 'audio/wav', size: 0 })).toBe(voicemailMessages.fileEmpty);
    expect(voicemailFileProblem({ name: 'a.mp3', type: 'audio/mpeg', size: VOICEMAIL_MAX_BYTES })).toBeNull();
    expect(voicemailFileProblem({ name: 'a.mp3', type: 'audio/mpeg', size: VOICEMAIL_MAX_BYTES + 1 })).toBe(
      voicemailMessages.fileTooLarge,
    );
  });
});

describe('schemas', () => {
  it('trims and requires a name of at most 100 characters', () => {
    expect(voicemailUploadFieldsSchema.parse({ name: '  Intro ' })).toEqual({ name: 'Intro' });
    expect(voicemailUploadFieldsSchema.safeParse({ name: '   ' }).error?.issues[0]?.message).toBe(
      voicemailMessages.nameRequired,
    );
    expect(voicemailUploadFieldsSchema.safeParse({}).error?.issues[0]?.message).toBe(voicemailMessages.nameRequired);
    expect(voicemailUploadFieldsSchema.safeParse({ name: 'x'.repeat(101) }).error?.issues[0]?.message).toBe(
      voicemailMessages.nameTooLong,
    );
  });

  it('needs something to change on update', () => {
    expect(voicemailUpdateSchema.safeParse({}).error?.issues[0]?.message).toBe(voicemailMessages.nothingToChange);
    expect(voicemailUpdateSchema.parse({ is_default: true })).toEqual({ is_default: true });
    expect(voicemailUpdateSchema.safeParse({ is_default: 'yes' }).success).toBe(false);
  });

  it('reads the new default of a delete as a positive id', () => {
    expect(voicemailDeleteQuerySchema.parse({ new_default_id: '3' })).toEqual({ new_default_id: 3 });
    expect(voicemailDeleteQuerySchema.parse({})).toEqual({});
    for (const bad of ['0', '-2', 'x', '1.5', '99999999999'])
      expect(voicemailDeleteQuerySchema.safeParse({ new_default_id: bad }).error?.issues[0]?.message).toBe(
        voicemailMessages.newDefaultInvalid,
      );
  });
});

describe('formatting', () => {
  it('shows lengths as m:ss', () => {
    expect(formatVoicemailLength(null)).toBe('—');
    expect(formatVoicemailLength(4_400)).toBe('0:04');
    expect(formatVoicemailLength(65_600)).toBe('1:06');
    expect(formatVoicemailLength(120_000)).toBe('2:00');
  });

  it('names an upload after its file', () => {
    expect(voicemailNameFromFile('Spring Promo.final.wav')).toBe('Spring Promo.final');
    expect(voicemailNameFromFile('x'.repeat(150) + '.mp3')).toHaveLength(100);
  });
});
