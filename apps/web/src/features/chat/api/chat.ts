import type { ChatEmployee, ChatMessage, ChatMessagesPage, ChatRoom } from '@switchboard/shared';
import {
  infiniteQueryOptions,
  queryOptions,
  useMutation,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

// Staff chat calls (spec 3 §7; decision 0054).

interface EmployeeRoomsPage {
  data: ChatEmployee[];
  total: number;
}

export const chatKeys = {
  all: ['chat'] as const,
  rooms: (name: string) => ['chat', 'rooms', name] as const,
  messages: (roomId: number) => ['chat', 'messages', roomId] as const,
  unread: ['chat', 'unread'] as const,
};

/** GET /api/users/employee.rooms?name=: employees with their room, newest conversation first. */
export const employeeRoomsQueryOptions = (name: string) =>
  queryOptions({
    queryKey: chatKeys.rooms(name),
    queryFn: async () =>
      (await api.get<EmployeeRoomsPage>('/api/users/employee.rooms', { query: { name, per_page: 100 } })).data,
  });

/** GET /api/chat/unread: the top bar button's count. */
export const chatUnreadQueryOptions = queryOptions({
  queryKey: chatKeys.unread,
  queryFn: async () => (await api.get<{ data: { unread: number } }>('/api/chat/unread')).data.unread,
});

/** GET /api/chat/messages/{roomId}?before=: pages[0] is the newest page; older ones follow as the user scrolls up. */
export const chatMessagesQueryOptions = (roomId: number) =>
  infiniteQueryOptions({
    queryKey: chatKeys.messages(roomId),
    queryFn: ({ pageParam }) =>
      api.get<ChatMessagesPage>(`/api/chat/messages/${roomId}`, {
        query: pageParam === undefined ? {} : { before: pageParam },
      }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => (last.has_more && last.data.length > 0 ? last.data[0]!.id : undefined),
    // The live channel keeps it current while it is open; reopening reads it again (and marks it read).
    staleTime: 0,
  });

/** The messages of the loaded pages, oldest first. */
export function flattenMessages(data: InfiniteData<ChatMessagesPage> | undefined): ChatMessage[] {
  if (!data) return [];
  return [...data.pages].reverse().flatMap((page) => page.data);
}

/** Adds messages (live or just sent) to the newest page, once each. */
export function addMessagesToCache(queryClient: QueryClient, roomId: number, messages: readonly ChatMessage[]) {
  queryClient.setQueryData<InfiniteData<ChatMessagesPage, number | undefined>>(chatKeys.messages(roomId), (current) => {
    if (!current || current.pages.length === 0) return current;
    const known = new Set(current.pages.flatMap((page) => page.data.map((message) => message.id)));
    const fresh = messages.filter((message) => !known.has(message.id));
    if (fresh.length === 0) return current;
    const [newest, ...older] = current.pages;
    const merged = [...newest!.data, ...fresh].sort((a, b) => a.id - b.id);
    return { ...current, pages: [{ ...newest!, data: merged }, ...older] };
  });
}

export function useCreateRoom() {
  return useMutation({
    mutationFn: async (userId: number) =>
      (await api.post<{ data: ChatRoom }>('/api/chat/room/create', { user_id: userId })).data,
  });
}

export interface ChatSendInput {
  roomId: number;
  message: string;
  images: File[];
  attachments: File[];
}

/** POST /api/chat/message/send (multipart room_id, message, images, attachments). */
export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: ChatSendInput) => {
      const form = new FormData();
      form.append('room_id', String(input.roomId));
      form.append('message', input.message);
      for (const image of input.images) form.append('images[]', image, image.name);
      for (const file of input.attachments) form.append('attachments[]', file, file.name);
      return (await api.post<{ data: ChatMessage[] }>('/api/chat/message/send', form)).data;
    },
    onSuccess: (messages, input) => {
      addMessagesToCache(queryClient, input.roomId, messages);
      void queryClient.invalidateQueries({ queryKey: ['chat', 'rooms'] });
    },
  });
}

/** POST /api/chat/room/{id}/read: what arrived live while the conversation is open is read. */
export async function markRoomRead(queryClient: QueryClient, roomId: number): Promise<void> {
  const answer = await api.post<{ data: { unread: number } }>(`/api/chat/room/${roomId}/read`);
  queryClient.setQueryData(chatKeys.unread, answer.data.unread);
  void queryClient.invalidateQueries({ queryKey: ['chat', 'rooms'] });
}

/** A chat file (image or attachment) through POST /api/download, which serves it to the room's members only. */
export function fetchChatFile(path: string): Promise<Blob> {
  return api.post<Blob>('/api/download', { file: path, name: '' }, { responseType: 'blob' });
}
