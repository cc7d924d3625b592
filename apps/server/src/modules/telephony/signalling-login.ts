import { randomUUID } from 'node:crypto';
import { WebSocket } from 'ws';
import { ProviderError } from './provider.ts';

/** Telnyx's WebRTC signalling socket (what @telnyx/webrtc connects to by default). */
export const TELNYX_RTC_URL = 'wss://rtc.telnyx.com';

interface RpcAnswer {
  id?: string;
  result?: unknown;
  error?: { code?: number; message?: string };
}

/**
 * Logs a login token in over the provider's JSON-RPC signalling socket, as the browser's SDK does, then closes the
 * socket: 'Test phone' proves the credential registers without handing another agent's token to a browser.
 */
export async function signallingLogin(url: string, loginToken: string, timeoutMs = 10_000): Promise<void> {
  const socket = new WebSocket(url);
  const id = randomUUID();
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new ProviderError(null, 'The phone did not answer in time.')), timeoutMs);
      const fail = (error: ProviderError) => {
        clearTimeout(timer);
        reject(error);
      };
      socket.on('error', (error) => fail(new ProviderError(null, error.message)));
      socket.on('close', () => fail(new ProviderError(null, 'The signalling socket closed.')));
      socket.on('open', () => {
        socket.send(
          JSON.stringify({
            jsonrpc: '2.0',
            id,
            method: 'login',
            params: { login_token: loginToken, sessid: randomUUID(), userVariables: {}, loginParams: {} },
          }),
        );
      });
      socket.on('message', (data) => {
        let answer: RpcAnswer;
        try {
          answer = JSON.parse(String(data)) as RpcAnswer;
        } catch {
          return;
        }
        if (answer.id !== id) return;
        clearTimeout(timer);
        if (answer.error)
          reject(new ProviderError(answer.error.code ?? null, answer.error.message ?? 'Login refused.'));
        else resolve();
      });
    });
  } finally {
    socket.removeAllListeners('close');
    socket.on('error', () => undefined);
    socket.terminate();
  }
}
