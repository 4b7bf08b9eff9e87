import { MessagePage } from './MessagePage.js';

export function NotFoundPage() {
  return <MessagePage code="404" title="Oops! The page you are looking for could not be found." />;
}
