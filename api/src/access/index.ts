export { AccessGuard } from './access.guard';
export { AccessModule } from './access.module';
export { ACCESS_COOKIE } from './access.service';
export { IS_PUBLIC, Public } from './public.decorator';
export { PeopleRegistry, type KnownPerson } from './people/people.registry';
export { formatPeopleProblem, readPeopleFile } from './people/people-file';
export {
  CIRCLE,
  CurrentViewer,
  GUEST,
  GUEST_OWNER,
  maybeViewerOf,
  ownerOf,
  setViewer,
  viewerOf,
  type Viewer,
} from './viewer';
