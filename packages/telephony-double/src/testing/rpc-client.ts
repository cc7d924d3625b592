// A plain JSON-RPC client of the double's signalling socket, standing in for @telnyx/webrtc or the handset page.
import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import { until } from './harness.ts';

export interface Rpc {
  id?: string;
  method?: string;
  params?: Record<string, unknown>;
  result?: Record<string, unknown>;
  error?: { code: number; message: string };
}

export class RpcClient {
  readonly received: Rpc[] = [];
  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const message = JSON.parse(String(data)) as Rpc;
      this.received.push(message);
      // the SDK acknowledges every request of the double
      if (message.method)
        this.ws.send(JSON.stringify({ jsonrpc: '2.0', id: message.id, result: { method: message.method } }));
    });
  }
  static async open(url: string): Promise<RpcClient> {
    const ws = new WebSocket(url.replace('http', 'ws') + '/_telephony/rtc');
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    return new RpcClient(ws);
  }
  async call(method: string, params: Record<string, unknown>): Promise<Rpc> {
    const id = randomUUID();
    this.ws.send(JSON.stringify({ jsonrpc: '2.0', id, method, params }));
    return until(() => this.received.find((m) => m.id === id && !m.method), `answer to ${method}`);
  }
  waitFor(method: string, match: (m: Rpc) => boolean = () => true): Promise<Rpc> {
    return until(() => this.received.find((m) => m.method === method && match(m)), method);
  }
  close() {
    this.ws.close();
  }
}
