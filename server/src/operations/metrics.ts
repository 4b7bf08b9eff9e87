// GET /metrics: Prometheus text (prom-client) of this process: requests per route and status
// with their durations (the content API's answers from memory included), the tracked events
// accepted, the large bodies checked off the main thread, the requests refused at the edge, the
// sizes of the memories (the content API's kept answers too, and what they let go), and Node's
// process metrics. One registry per app, so several apps in one process (tests) keep their own.
import type { WebVitalName } from '@dealdesk/core';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** Why an administrator's call was refused (dealdesk_admin_refusals_total's reason). */
export type AdminRefusal =
  'caller-ended' | 'code-tries-per-admin' | 'admin-id' | 'role' | 'read-token' | 'last-owner';

/**
 * Why a request was refused at the edge: a Host not allowed (421), /metrics asked from afar
 * without a token (403), a body idle or too slow (408), a caller refused before its body was
 * read (401, 403), one caller's share of the upload slots spent (503).
 */
export type EdgeRefusal =
  | 'host'
  | 'metrics'
  | 'body_idle'
  | 'request_timeout'
  | 'unauthenticated_body'
  | 'upload_slots_caller';

/** Why a web vitals report was refused: larger than DEALDESK_WEB_VITALS_MAX_BYTES, or not one. */
export type WebVitalRefusal = 'too_large' | 'invalid';

/** Why an upload's media was refused: an image whose header names too many pixels. */
export type MediaRefusal = 'pixels';

type RequestLabel = 'method' | 'route' | 'status';

export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'dealdesk_' });
  // The content API's answers from memory, counted in plain numbers and added when /metrics is
  // read: prom-client hashes and checks the labels on every increment, a child's too (bench/app).
  const untold = new Map<string, { labels: Record<RequestLabel, string>; count: number }>();
  const requests = new Counter({
    name: 'dealdesk_http_requests_total',
    help: 'HTTP requests answered, by method, route and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
    collect() {
      for (const answers of untold.values()) {
        if (answers.count === 0) continue;
        this.inc(answers.labels, answers.count);
        answers.count = 0;
      }
    },
  });
  // Counted in plain numbers too: the front cache answers a previous key's 304s.
  const keysNamed = { previous: 0, unknown: 0 };
  new Counter({
    name: 'dealdesk_envelope_key_requests_total',
    help: 'API requests naming the previous envelope key (DEALDESK_PREVIOUS_SECRET: retire it when this stops growing), or a key id not held (refused 400)',
    labelNames: ['key'] as const,
    registers: [registry],
    collect() {
      for (const key of ['previous', 'unknown'] as const) {
        this.inc({ key }, keysNamed[key]);
        keysNamed[key] = 0;
      }
    },
  });
  const durations = new Histogram({
    name: 'dealdesk_http_request_duration_seconds',
    help: 'Time from the request to the answer, by method, route and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
    registers: [registry],
  });
  const trackedEvents = new Counter({
    name: 'dealdesk_tracked_events_accepted_total',
    help: 'Views and clicks accepted from the app (committed)',
    registers: [registry],
  });
  const rejectedEvents = new Counter({
    name: 'dealdesk_tracked_events_rejected_total',
    help: 'Views and clicks refused one by one (not counted), by reason: malformed, or an id that names no item of its kind',
    labelNames: ['reason'] as const,
    registers: [registry],
  });
  const commitSizes = new Histogram({
    name: 'dealdesk_tracking_commit_events',
    help: "Events each of the tracking group commit's transactions wrote",
    buckets: [1, 10, 50, 100, 500, 1_000, 5_000, 10_000],
    registers: [registry],
  });
  const largeBodies = new Counter({
    name: 'dealdesk_large_bodies_total',
    help: 'JSON bodies of 256 KiB or more (bulk imports) sent to the body thread to be checked',
    registers: [registry],
  });
  const contentCacheEvictions = new Counter({
    name: 'dealdesk_content_cache_evictions_total',
    help: "Answers the content API's cache let go to stay within DEALDESK_CONTENT_CACHE_BYTES (or never kept, larger than it)",
    registers: [registry],
  });
  const edgeRefusals = new Counter({
    name: 'dealdesk_edge_refused_total',
    help: 'Requests refused at the edge, by reason: a Host not allowed, /metrics asked from afar without a token, a caller refused before its body was read, a body idle or too slow, a caller past its share of upload slots',
    labelNames: ['reason'] as const,
    registers: [registry],
  });
  const refusedWrites = new Counter({
    name: 'dealdesk_admin_refusals_total',
    help:
      "Administrators' calls refused by the off-boarding rules: a write whose caller ended " +
      'before it committed, authenticator code tries over the per-admin limit, admin IDs ' +
      'refused as confusable or of mixed scripts, a call beyond the role (role) or beyond a ' +
      'read-only token (read-token), the last enabled owner demoted or disabled (last-owner); by reason',
    labelNames: ['reason'] as const,
    registers: [registry],
  });
  const mediaRefusals = new Counter({
    name: 'dealdesk_media_refused_total',
    help: 'Uploaded files refused before they were decoded, by reason: an image whose header names more pixels than DEALDESK_MEDIA_MAX_PIXELS',
    labelNames: ['reason'] as const,
    registers: [registry],
  });
  const variantsMade = new Counter({
    name: 'dealdesk_media_variants_made_total',
    help: 'Resized images made for /media/<name>?w= (each kept, then served from the store), by format',
    labelNames: ['format'] as const,
    registers: [registry],
  });
  const webVitals = new Histogram({
    name: 'dealdesk_web_vitals',
    help: "The web app's Core Web Vitals by metric and screen (route pattern; other: any other): LCP and INP in seconds, CLS unitless",
    labelNames: ['metric', 'screen'] as const,
    // Around the good and poor thresholds of each: CLS 0.1 and 0.25, INP 0.2 s and 0.5 s,
    // LCP 2.5 s and 4 s.
    buckets: [0.05, 0.1, 0.2, 0.25, 0.5, 1, 2.5, 4, 10],
    registers: [registry],
  });
  const webVitalRefusals = new Counter({
    name: 'dealdesk_web_vitals_refused_total',
    help: 'Web vitals reports refused, by reason: larger than DEALDESK_WEB_VITALS_MAX_BYTES, or not a report',
    labelNames: ['reason'] as const,
    registers: [registry],
  });
  /** Pushes and mails, by outcome. */
  const outcome = (name: string, help: string) => {
    const counter = new Counter({
      name,
      help,
      labelNames: ['outcome'] as const,
      registers: [registry],
    });
    return (ok: boolean) => counter.inc({ outcome: ok ? 'sent' : 'failed' });
  };

  // Each label set's children, made once: prom-client hashes the labels on every call
  // otherwise, a cost the content API's fast path would feel (bench/app).
  const children = new Map<
    string,
    { request: Counter.Internal; duration: Histogram.Internal<'method' | 'route' | 'status'> }
  >();

  /** Records answers of one method, route and status: `(seconds) => void`. */
  const recorder = (method: string, route: string, status: number) => {
    const key = `${method} ${status} ${route}`;
    let child = children.get(key);
    if (child === undefined) {
      const labels = { method, route, status: String(status) };
      child = { request: requests.labels(labels), duration: durations.labels(labels) };
      children.set(key, child);
    }
    const { request, duration } = child;
    return (seconds: number) => {
      request.inc();
      duration.observe(seconds);
    };
  };

  return {
    registry,
    /**
     * Counts answers of one method, route and status without timing them: the content API's
     * answers from memory, which take microseconds and are sent as fast as the machine allows.
     */
    counter: (method: string, route: string, status: number) => {
      const key = `${method} ${status} ${route}`;
      let answers = untold.get(key);
      if (answers === undefined) {
        answers = { labels: { method, route, status: String(status) }, count: 0 };
        untold.set(key, answers);
      }
      const counted = answers;
      return () => {
        counted.count += 1;
      };
    },
    /** One answered request: its route as declared (not the URL, so labels stay few). */
    answered: (method: string, route: string, status: number, seconds: number): void =>
      recorder(method, route, status)(seconds),
    trackedEvents: (events: { accepted: number; malformed: number; unknown: number }) => {
      trackedEvents.inc(events.accepted);
      rejectedEvents.inc({ reason: 'malformed' }, events.malformed);
      rejectedEvents.inc({ reason: 'unknown_id' }, events.unknown);
    },
    trackingCommit: (events: number) => commitSizes.observe(events),
    largeBody: () => largeBodies.inc(),
    contentCacheEvicted: () => contentCacheEvictions.inc(),
    /** A request naming the previous envelope key, or one not held. */
    envelopeKeyNamed: (key: 'previous' | 'unknown'): void => {
      keysNamed[key] += 1;
    },
    /** A request refused before it reached a route's work, and why. */
    edgeRefused: (reason: EdgeRefusal) => edgeRefusals.inc({ reason }),
    adminRefused: (reason: AdminRefusal) => refusedWrites.inc({ reason }),
    mediaRefused: (reason: MediaRefusal) => mediaRefusals.inc({ reason }),
    variantMade: (format: string) => variantsMade.inc({ format }),
    /** One Core Web Vital of a screen, as the browser measured it (LCP and INP in ms). */
    webVital: (metric: WebVitalName, screen: string, value: number) =>
      webVitals.observe({ metric, screen }, metric === 'CLS' ? value : value / 1000),
    webVitalRefused: (reason: WebVitalRefusal) => webVitalRefusals.inc({ reason }),
    push: outcome('dealdesk_pushes_total', 'Push notifications handed to the provider, by outcome'),
    mail: outcome('dealdesk_mails_total', 'Mails (sign-in codes, resets, notices), by outcome'),
    /**
     * A gauge read when /metrics is asked (a memory's size, a queue's depth). Declared again
     * (a second instance of its owner, as tests make), the newest one is read.
     */
    gauge(name: string, help: string, read: () => number): void {
      registry.removeSingleMetric(name);
      new Gauge({
        name,
        help,
        registers: [registry],
        collect() {
          this.set(read());
        },
      });
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
