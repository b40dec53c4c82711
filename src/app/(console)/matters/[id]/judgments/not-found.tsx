import { NotFoundNote } from '@/components/shell/not-found-note';

export default function JudgmentNotFound() {
  return (
    <NotFoundNote
      title="Judgment not found"
      detail="There is no such judgment on this matter in this environment, or you do not have access to it."
    />
  );
}
