// A file diff → the platform's Diff entity (also used by a commit's diff).
import type { FileDiff } from '../../git/content.js';

export const presentDiff = (d: FileDiff) => ({
  diff: d.diff,
  new_path: d.newPath,
  old_path: d.oldPath,
  a_mode: d.aMode,
  b_mode: d.bMode,
  new_file: d.newFile,
  renamed_file: d.renamedFile,
  deleted_file: d.deletedFile,
  generated_file: false,
});
