const { task, src, dest } = require('gulp');

// Nodes and credentials point at `file:../../icons/…` / `file:../icons/…`, i.e. dist/icons.
task('build:icons', () => src('icons/*.svg').pipe(dest('dist/icons')));
