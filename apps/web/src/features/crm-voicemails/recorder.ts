import { chunksToWav } from './wav-encoder.ts';

// Records the microphone as WAV: getUserMedia, an AudioContext, and a ScriptProcessorNode copying each block of
// samples (a worklet would need a module URL of its own; a few minutes of speech is well within a script processor).

export interface WavRecording {
  /** Seconds captured so far. */
  seconds(): number;
  /** Ends the capture and answers the WAV. */
  stop(): Promise<Blob>;
  /** Ends the capture and drops it. */
  cancel(): Promise<void>;
}

export async function startWavRecording(): Promise<WavRecording> {
  const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
  const context = new AudioContext();
  const source = context.createMediaStreamSource(stream);
  const processor = context.createScriptProcessor(4096, 1, 1);
  const chunks: Float32Array[][] = [];
  let samples = 0;
  processor.onaudioprocess = (event) => {
    chunks.push([new Float32Array(event.inputBuffer.getChannelData(0))]);
    samples += event.inputBuffer.length;
  };
  source.connect(processor);
  // A script processor runs only while connected to the output; it writes silence there.
  processor.connect(context.destination);
  const end = async () => {
    processor.onaudioprocess = null;
    source.disconnect();
    processor.disconnect();
    for (const track of stream.getTracks()) track.stop();
    await context.close();
  };
  return {
    seconds: () => samples / context.sampleRate,
    async stop() {
      const rate = context.sampleRate;
      await end();
      return chunksToWav(chunks, rate);
    },
    cancel: end,
  };
}
