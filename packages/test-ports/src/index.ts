import getPort from 'get-port';
import { readFileSync } from 'node:fs';

// Ports for the servers, brokers and databases that tests, E2E and benches start. A port the OS
// hands out for `listen(0)` lies in its ephemeral range, the same range it draws from for every
// outgoing connection: a port chosen that way, then bound seconds later (a demo server seeds
// first), may meanwhile be the local end of one of the simulated fleet's MQTT connections, and
// the bind fails ("MQTT port … is in use"). So ports are drawn at random from below that range,
// where no outgoing connection ever lands, and checked free by get-port (which also never hands
// the same port twice within 15 s in one process).

/** First port of the OS's ephemeral range (Linux reads it; elsewhere IANA's 49152). */
function ephemeralStart(): number {
  try {
    const [low] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/);
    const n = Number(low);
    if (Number.isInteger(n) && n > 1024) return n;
  } catch {
    // not Linux
  }
  return 49152;
}

const FIRST = 20000;

/** Candidate ports below the ephemeral range, shuffled, so parallel processes seldom try the same one. */
function candidates(): number[] {
  const end = Math.max(FIRST + 1000, ephemeralStart());
  const ports = Array.from({ length: end - FIRST }, (_, i) => FIRST + i);
  for (let i = ports.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [ports[i], ports[j]] = [ports[j]!, ports[i]!];
  }
  return ports.slice(0, 200);
}

/** A TCP port nothing listens on right now, outside the range outgoing connections use. */
export function freePort(): Promise<number> {
  return getPort({ port: candidates() });
}

/** `n` different free ports. */
export async function freePorts(n: number): Promise<number[]> {
  const ports: number[] = [];
  for (let i = 0; i < n; i++) ports.push(await freePort());
  return ports;
}
