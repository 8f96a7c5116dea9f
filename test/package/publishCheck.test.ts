import { publishProblems } from '../../scripts/publishCheck';

const READY = {
	homepage: 'https://github.com/someone/n8n-nodes-mindbody#readme',
	repository: { type: 'git', url: 'git+https://github.com/someone/n8n-nodes-mindbody.git' },
	author: { name: 'Someone', email: 'someone@example.org' },
};

test('lets a package with homepage, repository and author email be published', () => {
	expect(publishProblems(READY)).toEqual([]);
	expect(
		publishProblems({ ...READY, author: 'Someone <someone@example.org>', repository: 'https://github.com/someone/x' }),
	).toEqual([]);
});

test.each<[string, object, RegExp]>([
	['no homepage', { homepage: undefined }, /"homepage"/],
	['a homepage that is no URL', { homepage: 'soon' }, /"homepage"/],
	['no repository', { repository: undefined }, /"repository"/],
	['a repository without a URL', { repository: { type: 'git' } }, /"repository"/],
	['an author without email', { author: { name: 'Someone' } }, /"author"/],
	['a placeholder email', { author: { name: 'x', email: 'dev@project.invalid' } }, /"author"/],
])('refuses %s', (_label, change, expected) => {
	const problems = publishProblems({ ...READY, ...change });
	expect(problems).toHaveLength(1);
	expect(problems[0]).toMatch(expected);
});
