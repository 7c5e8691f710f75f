module fontvm

go 1.26.8

require golang.org/x/image v0.47.0
