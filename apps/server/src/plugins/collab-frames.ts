// Reads a /collab frame (Hocuspocus 3 protocol: document name, message type, body) before Hocuspocus sees it, so a
// malformed one is refused in one place and logged by the app (decision 0059) instead of throwing inside Hocuspocus,
// and so an edit's Yjs update can be logged before it is applied and acknowledged.
import * as Y from 'yjs';

/** Hocuspocus's message types (MessageType in @hocuspocus/server) that a provider sends. */
export const collabMessage = {
  sync: 0,
  awareness: 1,
  auth: 2,
  queryAwareness: 3,
  syncReply: 4,
  stateless: 5,
  close: 7,
} as const;

// Hocuspocus's SyncStatus (server to editor): the acknowledgement of an update.
const syncStatus = 8;

// y-protocols' sync steps.
const syncStep1 = 0;
const syncStep2 = 1;
const syncUpdate = 2;
// @hocuspocus/common's AuthMessageType.Token.
const authToken = 0;
// A document name is a note identifier ('ticket:252'); anything longer is not one.
const maxNameBytes = 200;

export type CollabFrame =
  { ok: true; documentName: string; type: number; update: Uint8Array | null } | { ok: false; error: string };

class FrameReader {
  private offset = 0;
  constructor(private readonly bytes: Uint8Array) {}

  get done(): boolean {
    return this.offset === this.bytes.length;
  }

  /** lib0's varUint: 7 bits a byte, low first; refused past 2^53. */
  uint(): number {
    let value = 0;
    let factor = 1;
    for (;;) {
      if (this.offset >= this.bytes.length) throw new Error('truncated');
      const byte = this.bytes[this.offset++]!;
      value += (byte & 0x7f) * factor;
      if (byte < 0x80) return value;
      factor *= 128;
      if (factor > Number.MAX_SAFE_INTEGER) throw new Error('number too long');
    }
  }

  bytesOf(): Uint8Array {
    const length = this.uint();
    if (length > this.bytes.length - this.offset) throw new Error('truncated');
    const slice = this.bytes.subarray(this.offset, this.offset + length);
    this.offset += length;
    return slice;
  }

  text(limit = Infinity): string {
    const bytes = this.bytesOf();
    if (bytes.length > limit) throw new Error('text too long');
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  }
}

/** Decodes y-protocols' awareness update: clients, each with its id, clock and JSON state. */
function checkAwareness(bytes: Uint8Array): void {
  const reader = new FrameReader(bytes);
  const count = reader.uint();
  for (let index = 0; index < count; index++) {
    reader.uint();
    reader.uint();
    JSON.parse(reader.text());
  }
  if (!reader.done) throw new Error('trailing bytes');
}

/**
 * Checks a whole frame the way Hocuspocus and Yjs will read it. Answers the document name, the type and, for an edit
 * (sync step 2 or update), its Yjs update; or why the frame is refused.
 */
export function readCollabFrame(data: unknown): CollabFrame {
  if (!(data instanceof Uint8Array)) return { ok: false, error: 'not a binary frame' };
  try {
    const reader = new FrameReader(data);
    const documentName = reader.text(maxNameBytes);
    const type = reader.uint();
    let update: Uint8Array | null = null;
    switch (type) {
      case collabMessage.sync:
      case collabMessage.syncReply: {
        const step = reader.uint();
        const body = reader.bytesOf();
        if (step === syncStep1) Y.decodeStateVector(body);
        else if (step === syncStep2 || step === syncUpdate) {
          Y.decodeUpdate(body);
          update = body;
        } else return { ok: false, error: `unknown sync step ${step}` };
        break;
      }
      case collabMessage.awareness:
        checkAwareness(reader.bytesOf());
        break;
      case collabMessage.auth:
        if (reader.uint() !== authToken) return { ok: false, error: 'unknown authentication message' };
        reader.text();
        break;
      case collabMessage.stateless:
        reader.text();
        break;
      case collabMessage.queryAwareness:
      case collabMessage.close:
        break;
      default:
        // BroadcastStateless (6) among them: no editor sends it, and it would let one speak for the server.
        return { ok: false, error: `message type ${type} not accepted` };
    }
    if (!reader.done) return { ok: false, error: 'trailing bytes' };
    return { ok: true, documentName, type, update };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : 'unreadable' };
  }
}

/** Whether an outgoing message is Hocuspocus's acknowledgement of an update (SyncStatus). */
export function isSyncStatus(message: unknown): boolean {
  if (!(message instanceof Uint8Array)) return false;
  try {
    const reader = new FrameReader(message);
    reader.bytesOf();
    return reader.uint() === syncStatus;
  } catch {
    return false;
  }
}
