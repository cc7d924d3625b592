import {
  chatImageTypes,
  chatMaxAttachments,
  chatMaxFileBytes,
  chatMaxImages,
  chatMessageSentEvent,
  chatMessages as chatTexts,
  chatMessagesQuerySchema,
  chatMessagesResponseSchema,
  chatRoomChannel,
  chatRoomResponseSchema,
  chatUnreadResponseSchema,
  createChatRoomInputSchema,
  employeeRoomsQuerySchema,
  sendChatMessageInputSchema,
  sendChatMessageResponseSchema,
  userChannel,
  chatEmployeeSchema,
} from '@switchboard/shared';
import { promises as fs } from 'node:fs';
import { join } from 'node:path';
import type { AppInstance } from '../../app-instance.ts';
import { pageSchema } from '../../db/paginate.ts';
import { parsePathId } from '../../http/path-params.ts';
import { requireEmployee } from '../../plugins/auth.ts';
import { notFound, toFieldErrors, unprocessable, type FieldErrors } from '../../plugins/errors.ts';
import { moveUpload } from '../../plugins/storage.ts';
import { uploadedFileSchema, type UploadedFile } from '../../plugins/uploads.ts';
import { attachmentExtension } from '../companies/tech-attachments.ts';
import {
  countUnread,
  createOrJoinRoom,
  listEmployeeRooms,
  listRoomMessages,
  markRoomRead,
  otherMemberOf,
  sendMessages,
  type StoredChatFile,
} from './chat.service.ts';

const chatFileFolder = 'chat';
const imageExtensions: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

/**
 * Staff chat (spec 3 §7; decision 0054). Staff only (client accounts get 403); a room is read, written and followed
 * by its two members only (anyone else gets 404, as if it did not exist).
 */
export async function chatRoutes(app: AppInstance): Promise<void> {
  app.get(
    '/users/employee.rooms',
    {
      onRequest: requireEmployee(),
      schema: { querystring: employeeRoomsQuerySchema, response: { 200: pageSchema(chatEmployeeSchema) } },
    },
    async (request) => listEmployeeRooms(app.db, request.query, request.auth.user),
  );

  app.post(
    '/chat/room/create',
    {
      onRequest: requireEmployee(),
      schema: { body: createChatRoomInputSchema, response: { 200: chatRoomResponseSchema } },
    },
    async (request) => ({ data: await createOrJoinRoom(app.db, request.body.user_id, request.auth.user) }),
  );

  app.get(
    '/chat/messages/:roomId',
    {
      onRequest: requireEmployee(),
      schema: { querystring: chatMessagesQuerySchema, response: { 200: chatMessagesResponseSchema } },
    },
    async (request) => {
      const roomId = parsePathId((request.params as { roomId: string }).roomId);
      if ((await otherMemberOf(app.db, roomId, request.auth.user.id)) === null) throw notFound();
      return listRoomMessages(app.db, roomId, request.query, request.auth.user);
    },
  );

  // Not in the spec: the open conversation marks what arrived live as read.
  app.post(
    '/chat/room/:roomId/read',
    { onRequest: requireEmployee(), schema: { response: { 200: chatUnreadResponseSchema } } },
    async (request) => {
      const roomId = parsePathId((request.params as { roomId: string }).roomId);
      if ((await otherMemberOf(app.db, roomId, request.auth.user.id)) === null) throw notFound();
      await markRoomRead(app.db, roomId, null, request.auth.user);
      return { data: { unread: await countUnread(app.db, request.auth.user) } };
    },
  );

  // Not in the spec: the unread total on the top bar's chat button.
  app.get(
    '/chat/unread',
    { onRequest: requireEmployee(), schema: { response: { 200: chatUnreadResponseSchema } } },
    async (request) => ({ data: { unread: await countUnread(app.db, request.auth.user) } }),
  );

  app.post(
    '/chat/message/send',
    {
      onRequest: requireEmployee(),
      config: {
        uploads: { files: chatMaxImages + chatMaxAttachments, fileSize: chatMaxFileBytes, fieldBytes: 64 * 1024 },
      },
      schema: { response: { 200: sendChatMessageResponseSchema } },
    },
    async (request) => {
      const body = (request.body ?? {}) as Record<string, unknown>;
      const parsed = sendChatMessageInputSchema.safeParse(body);
      const errors: FieldErrors = parsed.success ? {} : toFieldErrors(parsed.error.issues);
      const images = readFiles(body, 'images', errors);
      const attachments = readFiles(body, 'attachments', errors);
      if (images.length > chatMaxImages) errors.images = [chatTexts.tooManyImages];
      else if (images.some((file) => !(chatImageTypes as readonly string[]).includes(file.mimetype)))
        errors.images = [chatTexts.image];
      if (attachments.length > chatMaxAttachments) errors.attachments = [chatTexts.tooManyAttachments];
      if (parsed.success && !parsed.data.message.trim() && images.length + attachments.length === 0)
        errors.message = [chatTexts.empty];
      if (!parsed.success || Object.keys(errors).length > 0) throw unprocessable(errors);
      const roomId = parsed.data.room_id;
      const other = await otherMemberOf(app.db, roomId, request.auth.user.id);
      if (other === null) throw notFound();

      const stored: StoredChatFile[] = [];
      try {
        for (const file of images) stored.push(await storeFile(file, 'image'));
        for (const file of attachments) stored.push(await storeFile(file, 'file'));
        const sent = await sendMessages(app.db, roomId, parsed.data.message, stored, request.auth.user);
        // The open conversations hear it on PR_{roomId}; both members' lists and unread counts on user.{id}.
        for (const message of sent) {
          app.realtime.emitToChannel(chatRoomChannel(roomId), chatMessageSentEvent, message);
          app.realtime.emitToChannel(userChannel(other), chatMessageSentEvent, message);
          app.realtime.emitToChannel(userChannel(request.auth.user.id), chatMessageSentEvent, message);
        }
        return { data: sent };
      } catch (error) {
        // Nothing was saved: the files stored for it go too.
        await Promise.all(stored.map((file) => fs.rm(join(app.config.dataDir, file.path), { force: true })));
        throw error;
      }
    },
  );

  async function storeFile(file: UploadedFile, kind: 'image' | 'file'): Promise<StoredChatFile> {
    const extension = kind === 'image' ? imageExtensions[file.mimetype]! : attachmentExtension(file.filename);
    return {
      path: await moveUpload(app.config.dataDir, chatFileFolder, file, extension),
      fileName: (file.filename || `${kind}.${extension}`).slice(0, 255),
      size: file.size,
      mimeType: (file.mimetype || 'application/octet-stream').slice(0, 100),
      kind,
    };
  }
}

/** The files of a multipart body sent as name, name[] or name[n]. */
function readFiles(body: Record<string, unknown>, name: 'images' | 'attachments', errors: FieldErrors): UploadedFile[] {
  const pattern = new RegExp(`^${name}(\\[\\d*\\])?$`);
  const files: UploadedFile[] = [];
  for (const [key, value] of Object.entries(body)) {
    if (!pattern.test(key)) continue;
    for (const raw of Array.isArray(value) ? value : [value]) {
      if (raw === undefined || raw === null || raw === '') continue;
      const file = uploadedFileSchema.safeParse(raw);
      if (file.success) files.push(file.data);
      else errors[name] = [`The ${name} must be files.`];
    }
  }
  return files;
}
