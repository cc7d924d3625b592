import { Button, Group, Loader, Progress, Text } from '@mantine/core';
import { formatVoicemailLength } from '@switchboard/shared/crm-voicemails';
import { IconPlayerPlay, IconPlayerStop } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';

// Plays a recording held as a blob through the Web Audio API. The app's Content-Security-Policy has no media-src, so
// an <audio> element may not load a blob: URL (default-src 'self'); decoding the bytes and playing them through an
// AudioContext needs no URL at all.

export const playbackErrorMessage = 'The recording could not be played.';

interface Loaded {
  context: AudioContext;
  buffer: AudioBuffer;
}

export function BlobPlayer({ blob, autoPlay = false }: { blob: Blob | null; autoPlay?: boolean }) {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [failed, setFailed] = useState(false);
  const [position, setPosition] = useState(0);
  const [playing, setPlaying] = useState(false);
  const source = useRef<AudioBufferSourceNode | null>(null);
  const startedAt = useRef(0);

  useEffect(() => {
    if (!blob) return;
    let cancelled = false;
    const context = new AudioContext();
    setLoaded(null);
    setFailed(false);
    setPosition(0);
    blob
      .arrayBuffer()
      .then((bytes) => context.decodeAudioData(bytes))
      .then((buffer) => {
        if (cancelled) return;
        setLoaded({ context, buffer });
        if (autoPlay) play({ context, buffer });
      })
      .catch(() => {
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
      stop();
      void context.close();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a new blob starts over; play and stop read refs
  }, [blob]);

  // The position while playing.
  useEffect(() => {
    if (!playing || !loaded) return;
    const timer = window.setInterval(
      () => setPosition(Math.min(loaded.context.currentTime - startedAt.current, loaded.buffer.duration)),
      100,
    );
    return () => window.clearInterval(timer);
  }, [playing, loaded]);

  function play(target = loaded) {
    if (!target) return;
    stop();
    void target.context.resume();
    const node = target.context.createBufferSource();
    node.buffer = target.buffer;
    node.connect(target.context.destination);
    node.onended = () => {
      if (source.current !== node) return;
      source.current = null;
      setPlaying(false);
      setPosition(target.buffer.duration);
    };
    startedAt.current = target.context.currentTime;
    node.start();
    source.current = node;
    setPosition(0);
    setPlaying(true);
  }

  function stop() {
    const node = source.current;
    source.current = null;
    setPlaying(false);
    if (node) {
      node.onended = null;
      node.stop();
      node.disconnect();
    }
  }

  if (failed) return <Text c="red">{playbackErrorMessage}</Text>;
  if (!loaded) return <Loader size="sm" />;
  const duration = loaded.buffer.duration;
  return (
    <Group wrap="nowrap" data-testid="blob-player" data-duration={duration.toFixed(2)} data-playing={playing}>
      {playing ? (
        <Button size="xs" variant="light" leftSection={<IconPlayerStop size={14} />} onClick={stop}>
          Stop
        </Button>
      ) : (
        <Button size="xs" variant="light" leftSection={<IconPlayerPlay size={14} />} onClick={() => play()}>
          Play
        </Button>
      )}
      <Progress value={duration > 0 ? (position / duration) * 100 : 0} style={{ flex: 1 }} aria-label="Position" />
      <Text size="sm" c="dimmed">
        {formatVoicemailLength(position * 1000)} / {formatVoicemailLength(duration * 1000)}
      </Text>
    </Group>
  );
}
