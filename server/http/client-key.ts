import { isIPv6 } from 'node:net';
import type { FastifyRequest } from 'fastify';

/**
 * Hextets of an IPv6 address that name one client for rate limits. A home or mobile line is
 * handed a whole /64 (RFC 6177), so keying on the full address would let one client rotate
 * through 2^64 keys; @fastify/rate-limit's own key does the same when no keyGenerator is
 * given, and every limiter here has one (its name is part of the key, see authRoutes).
 */
const IPV6_CLIENT_PREFIX_HEXTETS = 4;

/** The rate-limit identity of the client: its IPv4 address, or its IPv6 /64. */
export function clientKey(request: FastifyRequest): string {
  return clientKeyOf(request.ip);
}

export function clientKeyOf(ip: string): string {
  const mappedV4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mappedV4?.[1]) return mappedV4[1];
  if (!isIPv6(ip)) return ip.toLowerCase();
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const headParts = head ? head.split(':') : [];
  const tailParts = ip.includes('::') ? (tail ? tail.split(':') : []) : [];
  const missing = 8 - headParts.length - tailParts.length;
  const full = ip.includes('::')
    ? [...headParts, ...Array<string>(missing).fill('0'), ...tailParts]
    : headParts;
  return `${full
    .slice(0, IPV6_CLIENT_PREFIX_HEXTETS)
    .map((part) => part.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
