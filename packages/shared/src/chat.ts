import { z } from 'zod';

// Staff chat (spec 3 §2 Staff chat, §3 Chat, §5, §7, §9; spec 1 §2.4-2.5; decision 0054): one-to-one rooms between
// employees, messages live on PR_{roomId} (event Message.Sent).

/** Spec 3 §9: the chat user search needs at least 3 characters. */
export const chatSearchMinLength = 3;
/** Messages per page, read backwards from the newest (decision 0054). */
export const chatMessagesPerPage = 50;
/** Longest message text (HTML) accepted. */
export const chatMessageMaxLength = 20_000;
/** Files of one send: images and attachments. */
export const chatMaxImages = 10;
export const chatMaxAttachments = 10;
export const chatMaxFileBytes = 20 * 1024 * 1024;
/** Image types shown inline; anything else is sent as an attachment. */
export const chatImageTypes = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

/** The realtime event of a new message, on PR_{roomId} and on both members' user.{id} channels. */
export const chatMessageSentEvent = 'Message.Sent';
/** Chat channel of a room (spec 3 §7 Realtime): only the room's two members may subscribe. */
export const chatRoomChannel = (roomId: number | string): string => `PR_${roomId}`;

export const chatMessages = {
  user: 'The selected user id is invalid.',
  room: 'The selected room id is invalid.',
  empty: 'The message field is required when no images or attachments are sent.',
  image: 'Each image must be a PNG, JPEG, GIF or WebP file.',
  tooManyImages: `At most ${chatMaxImages} images may be sent at once.`,
  tooManyAttachments: `At most ${chatMaxAttachments} attachments may be sent at once.`,
} as const;

/** Spec 3 §5: search runs only when the typed name is longer than 2 characters or empty. */
export function shouldSearchChatUsers(name: string): boolean {
  const length = name.trim().length;
  return length === 0 || length >= chatSearchMinLength;
}

export const chatMessageSchema = z.object({
  id: z.number().int(),
  room_id: z.number().int(),
  user_id: z.number().int(),
  user: z.object({ shortname: z.string(), photo: z.string().nullable() }),
  message: z.string(),
  created_at: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const chatRoomSchema = z.object({
  id: z.number().int(),
  latest_message: z.object({ message: z.string(), created_at: z.string() }).nullable(),
  /** Messages of the other member not yet read by the caller. */
  unread: z.number().int(),
});
export type ChatRoom = z.infer<typeof chatRoomSchema>;

/** Spec 3 §3 employee list item: user_id, photo, user with name and room (null until a room exists). */
export const chatEmployeeSchema = z.object({
  user_id: z.number().int(),
  photo: z.string().nullable(),
  user: z.object({ name: z.string(), room: chatRoomSchema.nullable() }),
});
export type ChatEmployee = z.infer<typeof chatEmployeeSchema>;

/** GET /api/users/employee.rooms?name=: name optional; paged (page, per_page). */
export const employeeRoomsQuerySchema = z.object({
  name: z.string().max(100).optional().default(''),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce.number().int().min(1).max(500).default(50),
});

/** POST /api/chat/room/create. */
export const createChatRoomInputSchema = z.object({
  user_id: z.coerce.number({ error: chatMessages.user }).int(chatMessages.user).positive(chatMessages.user),
});
export type CreateChatRoomInput = z.infer<typeof createChatRoomInputSchema>;

/** GET /api/chat/messages/{roomId}?before=: the page of messages older than `before` (newest page without it). */
export const chatMessagesQuerySchema = z.object({
  before: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  per_page: z.coerce.number().int().min(1).max(200).default(chatMessagesPerPage),
});

export const chatMessagesResponseSchema = z.object({
  /** Oldest first. */
  data: z.array(chatMessageSchema),
  /** Older messages exist: ask again with before = data[0].id. */
  has_more: z.boolean(),
});
export type ChatMessagesPage = z.infer<typeof chatMessagesResponseSchema>;

/** Text fields of POST /api/chat/message/send (images and attachments are files of the same body). */
export const sendChatMessageInputSchema = z.object({
  room_id: z.coerce.number({ error: chatMessages.room }).int(chatMessages.room).positive(chatMessages.room),
  message: z.string().max(chatMessageMaxLength).optional().default(''),
});

export const sendChatMessageResponseSchema = z.object({ data: z.array(chatMessageSchema) });
export const chatRoomResponseSchema = z.object({ data: chatRoomSchema });
export const chatUnreadResponseSchema = z.object({ data: z.object({ unread: z.number().int() }) });

/** A file message (spec 3 §2): 'File|{path}|{size}|{type}|{name}'. */
export interface ChatFileMessage {
  path: string;
  size: number;
  type: string;
  name: string;
}

export function formatChatFileMessage(file: ChatFileMessage): string {
  const clean = (text: string) => text.replace(/[|\r\n]/g, '_');
  return `File|${clean(file.path)}|${file.size}|${clean(file.type)}|${clean(file.name)}`;
}

/** Reads a file message; null for any other message. The name may contain anything but comes last. */
export function parseChatFileMessage(message: string): ChatFileMessage | null {
  if (!message.startsWith('File|')) return null;
  const [, path, size, type, ...name] = message.split('|');
  if (!path || size === undefined || type === undefined || name.length === 0) return null;
  return { path, size: Number(size) || 0, type, name: name.join('|') };
}

const attributeEscapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
const escapeAttribute = (text: string) => text.replace(/[&<>"]/g, (char) => attributeEscapes[char]!);

/** An image message (spec 3 §2): it begins with an image tag whose src is the stored path. */
export function formatChatImageMessage(path: string, name: string): string {
  return `<img src="${escapeAttribute(path)}" alt="${escapeAttribute(name)}">`;
}

/** The stored path and name of an image message; null for any other message. */
export function parseChatImageMessage(message: string): { path: string; name: string } | null {
  const match = /^<img src="(uploads\/[A-Za-z0-9/_.-]+)" alt="([^"]*)">/.exec(message);
  if (!match) return null;
  const name = match[2]!.replace(/&(amp|lt|gt|quot);/g, (_, code: string) =>
    code === 'amp' ? '&' : code === 'lt' ? '<' : code === 'gt' ? '>' : '"',
  );
  return { path: match[1]!, name };
}
