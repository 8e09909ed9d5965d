/**
 * A local stand-in for an ntfy server's publish call (POST to a topic's URL), recording what arrived: the
 * topic, the message, its Title (RFC 2047 decoded as ntfy does), its Click address and the token sent.
 */
type NtfyMessage = { topic: string; message: string; title: string | null; click: string | null; authorization: string | null };

export function startNtfyStandIn({ token }: { token?: string } = {}) {
  const received: NtfyMessage[] = [];
  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    async fetch(request) {
      const authorization = request.headers.get("authorization");
      if (token && authorization !== `Bearer ${token}`) return Response.json({ code: 40101, error: "unauthorized" }, { status: 401 });
      const topic = new URL(request.url).pathname.slice(1);
      received.push({
        topic,
        message: await request.text(),
        title: decodeTitle(request.headers.get("title")),
        click: request.headers.get("click"),
        authorization,
      });
      return Response.json({ id: `ntfy${received.length}`, event: "message", topic });
    },
  });
  const origin = `http://127.0.0.1:${server.port}`;
  return {
    origin,
    received,
    topicUrl: (topic: string) => `${origin}/${topic}`,
    async stop() {
      await server.stop(true);
    },
  };
}
export type NtfyStandIn = ReturnType<typeof startNtfyStandIn>;

function decodeTitle(value: string | null): string | null {
  const encoded = /^=\?UTF-8\?B\?(.*)\?=$/i.exec(value ?? "");
  return encoded ? Buffer.from(encoded[1]!, "base64").toString("utf8") : value;
}
