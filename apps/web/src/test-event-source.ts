import { act } from '@testing-library/react';
import { vi } from 'vitest';

/**
 * Stands in for the browser's EventSource in component tests (the server's stream has its own
 * tests in the API suite): records each stream the console opens and lets a test send it events.
 */
export class FakeEventSource {
  static CLOSED = 2;
  static instances: FakeEventSource[] = [];
  /** 1 (open) at once by default; 0 (connecting) until the test emits `open`. */
  static initialState = 1;
  readyState = FakeEventSource.initialState;
  private handlers = new Map<string, ((e: MessageEvent) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
  }
  addEventListener(type: string, fn: (e: MessageEvent) => void) {
    this.handlers.set(type, [...(this.handlers.get(type) ?? []), fn]);
  }
  emit(type: string, data?: unknown) {
    if (type === 'open') this.readyState = 1;
    for (const fn of this.handlers.get(type) ?? [])
      fn(new MessageEvent(type, data === undefined ? {} : { data: JSON.stringify(data) }));
  }
  close() {
    this.readyState = 2;
  }
}

/** Replaces EventSource (undo with `vi.unstubAllGlobals()`); answers the stand-in class. */
export function stubEventSource() {
  FakeEventSource.instances = [];
  FakeEventSource.initialState = 1;
  vi.stubGlobal('EventSource', FakeEventSource);
  return FakeEventSource;
}

/** The stream the console has open now (the last one it opened and did not close). */
export function openStream(): FakeEventSource {
  const open = FakeEventSource.instances.filter((s) => s.readyState !== FakeEventSource.CLOSED);
  if (!open.length) throw new Error('no event stream is open');
  return open.at(-1)!;
}

/** Sends a live event on the open stream, inside act. */
export function sendLive(event: { type: string } & Record<string, unknown>) {
  act(() => openStream().emit(event.type, event));
}
