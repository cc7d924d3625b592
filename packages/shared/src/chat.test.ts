import { describe, expect, it } from 'vitest';
import {
  formatChatFileMessage,
  formatChatImageMessage,
  parseChatFileMessage,
  parseChatImageMessage,
  shouldSearchChatUsers,
} from './chat.ts';
import { parseChannel } from './realtime.ts';

describe('chat message forms (spec 3 §2)', () => {
  it("writes and reads 'File|{path}|{size}|{type}|{name}', keeping the name last", () => {
    const text = formatChatFileMessage({
      path: 'uploads/chat/a.pdf',
      size: 12,
      type: 'application/pdf',
      name: 'q|1.pdf',
    });
    expect(text).toBe('File|uploads/chat/a.pdf|12|application/pdf|q_1.pdf');
    expect(parseChatFileMessage(text)).toEqual({
      path: 'uploads/chat/a.pdf',
      size: 12,
      type: 'application/pdf',
      name: 'q_1.pdf',
    });
    expect(parseChatFileMessage('Files are here')).toBeNull();
    expect(parseChatFileMessage('File|only-path')).toBeNull();
  });

  it('writes image messages as an image tag with the stored path, the name escaped', () => {
    const text = formatChatImageMessage('uploads/chat/b.png', 'a "b" <c>.png');
    expect(text).toBe('<img src="uploads/chat/b.png" alt="a &quot;b&quot; &lt;c&gt;.png">');
    expect(parseChatImageMessage(text)).toEqual({ path: 'uploads/chat/b.png', name: 'a "b" <c>.png' });
    expect(parseChatImageMessage('<img src="https://tracker.example/x.png" alt="">')).toBeNull();
    expect(parseChatImageMessage('<p>text</p>')).toBeNull();
  });

  it('searches only for an empty name or at least 3 characters (spec 3 §5, §9)', () => {
    expect(['', 'a', 'ab', 'abc', ' ab '].map(shouldSearchChatUsers)).toEqual([true, false, false, true, false]);
  });

  it('recognises the room channel PR_{roomId}', () => {
    expect(parseChannel('PR_12')).toEqual({ kind: 'chat', id: 12 });
    expect(parseChannel('PR_0')).toBeNull();
    expect(parseChannel('PR_x')).toBeNull();
  });
});
