import { NotFoundNote } from '@/components/shell/not-found-note';

export default function MatterNotFound() {
  return (
    <NotFoundNote
      title="Matter not found"
      detail="There is no such matter in this environment, or you do not have access to it."
    />
  );
}
