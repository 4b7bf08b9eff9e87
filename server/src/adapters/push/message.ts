// What a push says, and the FCM HTTP v1 message it becomes. The log provider records the
// very message FCM would receive, so what a laptop shows is what production sends.

/** One notification to every device subscribed to the topic. */
export interface PushMessage {
  title: string;
  body: string;
  /** Opened when the notification is tapped; '' for none. */
  url: string;
  /** Public address of the picture shown in the notification; null for none. */
  imageUrl: string | null;
}

/** How a send ended: FCM's message name, or why it was not delivered. */
export type PushResult =
  { delivered: true; reference: string } | { delivered: false; reason: string };

export interface PushProvider {
  readonly name: 'fcm' | 'log';
  send(message: PushMessage): Promise<PushResult>;
}

/** The body of `projects/{project}/messages:send`. Data values must be strings in FCM. */
export function fcmMessageBody(topic: string, message: PushMessage) {
  return {
    message: {
      topic,
      notification: {
        title: message.title,
        body: message.body,
        ...(message.imageUrl === null ? {} : { image: message.imageUrl }),
      },
      data: { url: message.url },
    },
  };
}
