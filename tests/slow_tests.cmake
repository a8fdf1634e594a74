# The slowest tests, with about how many seconds each took under ASan+UBSan
# (ctest -j2 on two cores, nothing else running; in CI, beside the TSan
# build, a fifth longer; in Release a fifth to a tenth).
# `ctest -j` starts tests in decreasing COST, so these start first and the many short tests fill the
# other core beside them, instead of one long test running alone at the end.
# Included by CTestTestfile after the discovered tests; a name that is no
# longer a test is caught by the test slow_tests_are_tests.
set_tests_properties([==[the bench suite plays exactly the pinned moves, whatever the thread count]==] PROPERTIES COST 95)
set_tests_properties([==[Python bots play the same tournaments at 1 and 2 threads, across a resume and in shards]==] PROPERTIES COST 91)
set_tests_properties([==[a bot that fails on fixed game seeds forfeits the same games at any thread count]==] PROPERTIES COST 60)
set_tests_properties([==[The command printed on Ctrl-C, pasted as it is, completes the run byte for byte]==] PROPERTIES COST 69)
set_tests_properties([==[replayed games of every shipped config give their rows in games.csv]==] PROPERTIES COST 62)
set_tests_properties([==[random firing follows C(n 17)/C(100 17) over a million games by chi-square and KS]==] PROPERTIES COST 30)
set_tests_properties([==[conformance: the same seed gives the same games on 1, 2 and 8 threads]==] PROPERTIES COST 47)
set_tests_properties([==[arena new writes a runnable config with every default, for every engine]==] PROPERTIES COST 46)
set_tests_properties([==[conformance: every game is shown move by move and its record plays it again]==] PROPERTIES COST 43)
set_tests_properties([==[each kind of faulty program forfeits with its reason and the run completes]==] PROPERTIES COST 29)
set_tests_properties([==[training killed with -9 resumes to the table of uninterrupted training]==] PROPERTIES COST 29)
set_tests_properties([==[arena tune killed with -9 resumes to the same trajectory, byte for byte]==] PROPERTIES COST 27)
set_tests_properties([==[go fish random players win their fair share under seat rotation]==] PROPERTIES COST 24)
set_tests_properties([==[An external program's own numeric parameter is tuned through Arena]==] PROPERTIES COST 21)
set_tests_properties([==[games.csv.gz and moves.jsonl.gz resume byte for byte after kill -9 and after SIGINT]==] PROPERTIES COST 19)
set_tests_properties([==[no program outlives arena, after Ctrl-C or kill -9]==] PROPERTIES COST 18)
set_tests_properties([==[conformance: a game replayed alone from its index equals the game in a run]==] PROPERTIES COST 17)
set_tests_properties([==[arena check-bot passes a compliant bot and reports what a faulty one got wrong]==] PROPERTIES COST 16)
set_tests_properties([==[conformance: every setting ends its games within their bound, or says it stalls]==] PROPERTIES COST 16)
set_tests_properties([==[a program's illegal moves forfeit its games in every engine]==] PROPERTIES COST 14)
set_tests_properties([==[Ctrl-C while the probe series play starts no other, and the run resumes byte for byte]==] PROPERTIES COST 11)
set_tests_properties([==[Shards merge games.csv.gz and moves.jsonl.gz into the bytes of the whole run]==] PROPERTIES COST 11)
set_tests_properties([==[conformance: re-dealing what a player cannot see never changes its decision]==] PROPERTIES COST 10)
set_tests_properties([==[conformance: every registered strategy ends its games and decides legally]==] PROPERTIES COST 10)
set_tests_properties([==[a program's own children end with it]==] PROPERTIES COST 8)
set_tests_properties([==[extra points of the learning curve add rows and change nothing learnt]==] PROPERTIES COST 8)
set_tests_properties([==[Python bots under mpirun give the results of one process]==] PROPERTIES COST 15)
set_tests_properties([==[mpirun writes games.csv.gz and moves.jsonl.gz byte for byte as one process]==] PROPERTIES COST 12)
set_tests_properties([==[During a run the live report is rewritten every few seconds, then the final replaces it]==] PROPERTIES COST 20)
# Estimated, not measured under ASan: about 2.3 s, 2.1 s and 1.3 s of CPU in Release on a loaded host.
set_tests_properties([==[The standard fleet has 30,093,975,536 layouts on 10x10, ships touching or not]==] PROPERTIES COST 20)
set_tests_properties([==[The standard board's heat map sums to 17 and matches the uniform sampler's cells]==] PROPERTIES COST 18)
set_tests_properties([==[arena layouts counts a config's fleet or an engine's defaults and others exit 2]==] PROPERTIES COST 12)
