// The simulated handset (CRM design §3.4): a plain page at /_telephony/phone whose inline script speaks the double's
// signalling (/_telephony/rtc) with the tester's own microphone: it calls an agent's line from a 555-01XX number, or
// claims a 555-01XX number and rings when an agent calls it. No build step; the script runs under a per-answer nonce.

export const HANDSET_PATH = '/_telephony/phone';

const script = String.raw`
(() => {
  'use strict';
  const $ = (id) => document.getElementById(id);
  // The control token in the fragment (never sent to the server in a URL), else the signed-in app's access token.
  const token = new URLSearchParams(location.hash.slice(1)).get('token') || localStorage.getItem('access_token') || '';
  const ws = new WebSocket((location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + '/_telephony/rtc');
  const pending = new Map();
  let seq = 0;
  let ready = false;
  let call = null;
  const status = (text) => { $('status').textContent = text; };
  const buttons = () => {
    $('dial').disabled = !ready || call !== null;
    $('claim-button').disabled = !ready;
    $('hangup').disabled = call === null;
    $('incoming').hidden = !(call && call.incoming && !call.pc);
  };
  const request = (method, params) => new Promise((resolve, reject) => {
    const id = 'handset-' + ++seq;
    pending.set(id, (m) => (m.error ? reject(new Error(m.error.message)) : resolve(m.result)));
    ws.send(JSON.stringify({ jsonrpc: '2.0', id, method, params }));
  });
  const gathered = (pc) => new Promise((resolve) => {
    if (pc.iceGatheringState === 'complete') return resolve();
    pc.addEventListener('icegatheringstatechange', () => pc.iceGatheringState === 'complete' && resolve());
  });
  async function peer(c) {
    c.stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    c.pc = new RTCPeerConnection({ iceServers: [] });
    c.pc.ontrack = (event) => { $('remote').srcObject = event.streams[0] || new MediaStream([event.track]); };
  }
  function end(text) {
    if (call) {
      if (call.pc) call.pc.close();
      if (call.stream) call.stream.getTracks().forEach((track) => track.stop());
    }
    call = null;
    $('remote').srcObject = null;
    if (text) status(text);
    buttons();
  }
  function ring(params) {
    if (call) {
      // one call at a time: a second one hears busy
      request('telnyx_rtc.bye', { cause: 'USER_BUSY', causeCode: 17, dialogParams: { callID: params.callID } })
        .catch(() => undefined);
      return;
    }
    call = { id: params.callID, offer: params.sdp, incoming: true, pc: null, stream: null };
    $('caller').textContent = params.caller_id_number || 'unknown';
    status('Ringing');
    buttons();
  }
  ws.onopen = () => {
    request('login', { login_token: token, handset: true }).then(
      () => { ready = true; status('Ready'); buttons(); },
      (error) => status('Not allowed: ' + error.message),
    );
  };
  ws.onclose = () => { ready = false; end('Disconnected'); };
  ws.onmessage = (event) => {
    const m = JSON.parse(event.data);
    if (!m.method) {
      const done = pending.get(m.id);
      if (done) { pending.delete(m.id); done(m); }
      return;
    }
    ws.send(JSON.stringify({ jsonrpc: '2.0', id: m.id, result: { method: m.method } }));
    const p = m.params || {};
    if (m.method === 'telnyx_rtc.invite') return ring(p);
    if (!call || p.callID !== call.id) return;
    if (m.method === 'telnyx_rtc.media') call.pc.setRemoteDescription({ type: 'answer', sdp: p.sdp });
    else if (m.method === 'telnyx_rtc.answer') status('Talking');
    else if (m.method === 'telnyx_rtc.bye') end('Ended');
  };
  $('call').addEventListener('submit', async (event) => {
    event.preventDefault();
    if (call) return;
    const c = { id: 'handset-call-' + Date.now() + '-' + ++seq, incoming: false, pc: null, stream: null };
    call = c;
    status('Calling');
    buttons();
    try {
      await peer(c);
      c.stream.getTracks().forEach((track) => c.pc.addTrack(track, c.stream));
      await c.pc.setLocalDescription(await c.pc.createOffer());
      await gathered(c.pc);
      await request('telnyx_rtc.invite', {
        sdp: c.pc.localDescription.sdp,
        dialogParams: { callID: c.id, destination_number: $('to').value, caller_id_number: $('from').value },
      });
    } catch (error) {
      if (call === c) end('Failed: ' + error.message);
    }
  });
  $('claim').addEventListener('submit', async (event) => {
    event.preventDefault();
    try {
      const result = await request('handset.claim', { number: $('claim-number').value });
      $('claimed').textContent = 'Rings for calls to ' + result.number + '.';
    } catch (error) {
      $('claimed').textContent = error.message;
    }
  });
  $('answer').addEventListener('click', async () => {
    const c = call;
    if (!c || !c.incoming || c.pc) return;
    try {
      await peer(c);
      await c.pc.setRemoteDescription({ type: 'offer', sdp: c.offer });
      c.stream.getTracks().forEach((track) => c.pc.addTrack(track, c.stream));
      await c.pc.setLocalDescription(await c.pc.createAnswer());
      await gathered(c.pc);
      buttons();
      await request('telnyx_rtc.answer', { sdp: c.pc.localDescription.sdp, dialogParams: { callID: c.id } });
      status('Talking');
    } catch (error) {
      if (call === c) end('Failed: ' + error.message);
    }
  });
  $('hangup').addEventListener('click', () => {
    if (!call) return;
    const declined = call.incoming && !call.pc;
    const cause = declined ? { cause: 'CALL_REJECTED', causeCode: 21 } : { cause: 'NORMAL_CLEARING', causeCode: 16 };
    request('telnyx_rtc.bye', { ...cause, dialogParams: { callID: call.id } }).catch(() => undefined);
    end('Ended');
  });
  buttons();
})();
`;

/** The page, its script allowed by this answer's nonce only. */
export function handsetPage(nonce: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Simulated handset</title>
<style>
body { font: 15px/1.4 system-ui, sans-serif; max-width: 34rem; margin: 2rem auto; padding: 0 1rem; }
fieldset { margin: 1rem 0; } label { display: block; margin: 0.5rem 0; } input { margin-left: 0.5rem; }
</style>
</head>
<body>
<h1>Simulated handset</h1>
<p>A phone of the local telephony double, with your microphone as the far end: call an agent's line from a
555-01XX number, or claim a 555-01XX number and answer here when an agent calls it.</p>
<p>Status: <output id="status" data-testid="handset-status">Connecting</output></p>
<form id="call">
<fieldset><legend>Call an agent</legend>
<label for="from">From (555-01XX)</label><input id="from" value="+15125550142" required>
<label for="to">Agent line</label><input id="to" placeholder="+17375550150" required>
<p><button id="dial" type="submit" disabled>Call</button></p>
</fieldset>
</form>
<form id="claim">
<fieldset><legend>Answer calls to a number</legend>
<label for="claim-number">Number (555-01XX)</label><input id="claim-number" value="+15125550133" required>
<p><button id="claim-button" type="submit" disabled>Claim</button>
<span id="claimed" role="status" data-testid="handset-claimed"></span></p>
</fieldset>
</form>
<p id="incoming" hidden>Incoming call from <output id="caller"></output>
<button id="answer" type="button">Answer</button></p>
<p><button id="hangup" type="button" disabled>Hang up</button></p>
<audio id="remote" autoplay></audio>
<script nonce="${nonce}">${script}</script>
</body>
</html>
`;
}
