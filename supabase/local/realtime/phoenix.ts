// Phoenix channel frames as realtime-js sends and reads them. vsn 2.0.0 (realtime-js 2.109's default) sends each
// message as a JSON array [join_ref, ref, topic, event, payload]; vsn 1.0.0 as an object with those five keys.
// Binary frames carry clients' own broadcasts, which this server does not take (realtimeServer.ts).

export interface PhoenixMessage {
  joinRef: string | null;
  ref: string | null;
  topic: string;
  event: string;
  payload: Record<string, unknown>;
}

export type Vsn = '1.0.0' | '2.0.0';

/** The protocol version a socket asked for in its URL (?vsn=), or null for one this server does not speak. */
export function vsnOf(url: URL): Vsn | null {
  const vsn = url.searchParams.get('vsn') ?? '1.0.0';
  return vsn === '1.0.0' || vsn === '2.0.0' ? vsn : null;
}

const isRef = (value: unknown): value is string | null => value === null || typeof value === 'string';
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A text frame read as a message, or null when it is not one. */
export function decode(vsn: Vsn, text: string): PhoenixMessage | null {
  let frame: unknown;
  try {
    frame = JSON.parse(text);
  } catch {
    return null;
  }
  const [joinRef, ref, topic, event, payload] = Array.isArray(frame)
    ? vsn === '2.0.0'
      ? frame
      : []
    : isObject(frame) && vsn === '1.0.0'
      ? [frame.join_ref ?? null, frame.ref ?? null, frame.topic, frame.event, frame.payload]
      : [];
  if (!isRef(joinRef) || !isRef(ref) || typeof topic !== 'string' || typeof event !== 'string') return null;
  if (!isObject(payload)) return null;
  return { joinRef, ref, topic, event, payload };
}

export function encode(vsn: Vsn, message: PhoenixMessage): string {
  const { joinRef, ref, topic, event, payload } = message;
  return JSON.stringify(
    vsn === '2.0.0' ? [joinRef, ref, topic, event, payload] : { join_ref: joinRef, ref, topic, event, payload },
  );
}
