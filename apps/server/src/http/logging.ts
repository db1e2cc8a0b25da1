import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/** Query parameters whose values never reach a log line (one-time tokens, anything secret-like). */
const SECRET_PARAMS = /(token|password|secret|card|cvc|cvv|session|key|code)/i;

/** The path of `url` with the values of secret-looking query parameters replaced by `***`. */
function loggableUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      return eq >= 0 && SECRET_PARAMS.test(decodeURIComponentSafe(name)) ? `${name}=***` : pair;
    });
  return `${url.slice(0, q)}?${params.join('&')}`;
}

const decodeURIComponentSafe = (text: string) => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
};

/**
 * JSON lines through Fastify's pino logger. A request is logged as method, path (secret query
 * values masked), address and request id; never its headers (Cookie, Authorization) or body
 * (passwords, card numbers). `redact` is the second guard, for objects a handler logs itself.
 */
export function safeLoggerOptions(options: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!options) return false;
  if (options === true) return safeLoggerOptions({});
  if (typeof options !== 'object' || 'child' in options) return options;
  return {
    ...options,
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'res.headers["set-cookie"]',
        'headers.cookie',
        'headers.authorization',
        '*.password',
        '*.card_number',
        '*.cardNumber',
        '*.cvc',
        '*.token',
        'password',
        'token',
      ],
      censor: '***',
    },
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: loggableUrl(request.url),
        remoteAddress: request.ip,
      }),
      ...(options as { serializers?: object }).serializers,
    },
  };
}
