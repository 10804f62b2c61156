// `npm run test:docs`: remark-validate-links checks, offline, that every link in README.md and
// docs/ to a file of this repository and to a heading (#anchor, here or in another file) resolves.
// Links to other sites are not fetched (CI has no internet); `repository: false` because links
// are relative paths, not GitHub URLs of this repository.
import remarkValidateLinks from 'remark-validate-links';

export default {
  plugins: [[remarkValidateLinks, { repository: false }]],
};
