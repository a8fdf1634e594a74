#!/usr/bin/perl
# arena_bot.pl - an Arena line-protocol bot (protocol 2) in core Perl 5.
# Plays battleship, go-fish, chinese-checkers and rooks.
# Written from docs/protocol.md alone, without Arena's source, as a check that
# the page is enough (tests/test_external.cpp runs it through arena check-bot
# for every engine).  Diagnostics go to stderr only.
#
#   players:
#     - {name: perl-bot, strategy: external, params: {command: "perl ../clients/perl/arena_bot.pl"}}
use strict;
use warnings;
no warnings 'recursion';
use JSON::PP ();
use List::Util qw(max min sum0 shuffle);
use Math::BigInt ();

my $JSON = JSON::PP->new->utf8->canonical;
$| = 1;                      # autoflush stdout: every reply is sent at once
binmode STDIN;
binmode STDOUT;

my %hello;                   # the hello message (engine, rules, board, ...)
my $engine = '';
my $protocol = 2;            # the version spoken: 2, or 1 with an arena that offers only 1

sub logmsg { print STDERR "arena_bot: @_\n" }

sub send_msg {
    my ($msg) = @_;
    print STDOUT $JSON->encode($msg), "\n";
    STDOUT->flush;
}

# Seeds are unsigned 64-bit integers.  JSON::PP keeps integers longer than
# its native size as strings, so go through Math::BigInt on the decimal text
# and fold both 32-bit halves into 31 bits for srand.
sub seed_rng {
    my ($seed) = @_;
    $seed = 0 unless defined $seed;
    my $txt = "$seed";
    $txt = '0' unless $txt =~ /^\d+$/;
    my $b  = Math::BigInt->new($txt);
    my $lo = $b->copy->bmod(Math::BigInt->new('4294967296'))->numify;
    my $hi = $b->copy->brsft(32)->bmod(Math::BigInt->new('4294967296'))->numify;
    my $s  = (($lo ^ $hi) ^ (($hi << 7) & 0xffffffff)) % 2147483648;
    srand($s);
    return $s;
}

sub pick { my @a = @_; return @a ? $a[int(rand(@a))] : undef }

# ---------------------------------------------------------------- battleship
sub battleship_move {
    my ($view) = @_;
    my @grid = map { [ split //, $_ ] } @{ $view->{grid} };
    my $rows = @grid;
    my $cols = $rows ? scalar @{ $grid[0] } : 0;
    my $rules = $hello{rules} || {};
    my $notouch = (($rules->{touching} // 'allowed') eq 'forbidden');
    my $fleet = $rules->{fleet} || {};
    my @afloat = @{ $view->{afloat} || [] };
    my @lens = grep { defined } map { $fleet->{$_} } @afloat;
    my $minlen = @lens ? min(@lens) : 2;
    $minlen = 1 if $minlen < 1;

    my $in = sub { my ($r, $c) = @_; $r >= 0 && $r < $rows && $c >= 0 && $c < $cols };
    my $cell = sub { my ($r, $c) = @_; $in->($r, $c) ? $grid[$r][$c] : '' };
    # with touching forbidden, cells around a sunk ship are known empty
    my $near_sunk = sub {
        my ($r, $c) = @_;
        return 0 unless $notouch;
        for my $dr (-1 .. 1) { for my $dc (-1 .. 1) {
            return 1 if $cell->($r + $dr, $c + $dc) eq '#';
        } }
        return 0;
    };
    my $open = sub { my ($r, $c) = @_; $cell->($r, $c) eq '.' && !$near_sunk->($r, $c) };

    # target mode: unshot cells next to hits, preferring cells that extend a
    # line of two or more hits
    my (%score);
    for my $r (0 .. $rows - 1) {
        for my $c (0 .. $cols - 1) {
            next unless $grid[$r][$c] eq 'x';
            for my $d ([0, 1], [0, -1], [1, 0], [-1, 0]) {
                my ($dr, $dc) = @$d;
                my ($nr, $nc) = ($r + $dr, $c + $dc);
                next unless $open->($nr, $nc);
                my $s = 1;
                # length of the run of hits behind (r,c) in this direction
                my ($br, $bc, $run) = ($r - $dr, $c - $dc, 0);
                while ($cell->($br, $bc) eq 'x') { $run++; $br -= $dr; $bc -= $dc }
                $s += 10 * $run;
                $score{"$nr,$nc"} += $s;
            }
        }
    }
    if (%score) {
        my $best = max(values %score);
        my @cands = sort grep { $score{$_} == $best } keys %score;
        my ($r, $c) = split /,/, pick(@cands);
        return { type => 'move', row => $r + 0, col => $c + 0 };
    }
    # hunt mode: a random unshot cell on a lattice spaced by the smallest
    # ship afloat (a checkerboard when it is 2)
    my (@lattice, @any, @raw);
    for my $r (0 .. $rows - 1) {
        for my $c (0 .. $cols - 1) {
            next unless $grid[$r][$c] eq '.';
            push @raw, [$r, $c];
            next if $near_sunk->($r, $c);
            push @any, [$r, $c];
            push @lattice, [$r, $c] if (($r + $c) % $minlen) == 0;
        }
    }
    my $choice = pick(@lattice) || pick(@any) || pick(@raw) || [0, 0];
    return { type => 'move', row => $choice->[0] + 0, col => $choice->[1] + 0 };
}

# ------------------------------------------------------------------- go-fish
sub gofish_move {
    my ($view) = @_;
    my @hand = @{ $view->{hand} || [] };
    my @targets = @{ $view->{targets} || [] };
    my @sizes = @{ $view->{hand_sizes} || [] };
    my $me = $view->{me};
    # public memory: who is known to hold which rank
    my %known;    # "$seat,$rank" => 1
    for my $ev (@{ $view->{history} || [] }) {
        my $k = $ev->{kind} // '';
        if ($k eq 'ask') {
            my ($p, $t, $r, $n) = @{$ev}{qw(player target rank count)};
            $known{"$p,$r"} = 1;               # an asker holds the rank
            delete $known{"$t,$r"} if $n;      # the target gave all of it
        } elsif ($k eq 'book') {
            my $r = $ev->{rank};
            delete $known{"$_,$r"} for 0 .. ($view->{players} // 0) - 1;
        }
    }
    my @held = grep { $hand[$_] > 0 } 0 .. $#hand;
    unless (@held) {
        logmsg("go-fish: decide with an empty hand; asking rank 0");
        @held = (0);
    }
    @targets = grep { !defined $me || $_ != $me } 0 .. ($view->{players} // 2) - 1
        unless @targets;
    my ($best, @cands) = (-1);
    for my $t (@targets) {
        for my $r (@held) {
            my $s = ($known{"$t,$r"} ? 100 : 0) + 10 * $hand[$r] + ($sizes[$t] // 0) / 100;
            if ($s > $best) { ($best, @cands) = ($s, [$t, $r]) }
            elsif ($s == $best) { push @cands, [$t, $r] }
        }
    }
    my $m = pick(@cands);
    return { type => 'move', target => $m->[0] + 0, rank => $m->[1] + 0 };
}

# ---------------------------------------------------------- chinese-checkers
sub cube_dist {
    my ($a, $b) = @_;
    return max(abs($a->[0] - $b->[0]), abs($a->[1] - $b->[1]), abs($a->[2] - $b->[2]));
}

sub checkers_move {
    my ($view) = @_;
    my $board = $hello{board} || {};
    my $holes = $board->{holes} || [];
    my $tri   = $board->{triangle} || [];
    my $tips  = $board->{tips} || [];
    my $seat  = $view->{seat};
    my $goal  = $view->{goal}[$seat];
    my $tip   = $holes->[ $tips->[$goal] ];
    my @legal = @{ $view->{legal} || [] };
    return { type => 'move', index => 0 } unless @legal && $tip;
    my $dist = sub { cube_dist($holes->[ $_[0] ], $tip) };
    my ($best, @cands);
    for my $i (0 .. $#legal) {
        my ($from, $to) = @{ $legal[$i] };
        my $gain = $dist->($from) - $dist->($to);
        my $s = 100 * $gain;
        $s += 20 if ($tri->[$to] // -1) == $goal && ($tri->[$from] // -1) != $goal;
        $s -= 50 if ($tri->[$from] // -1) == $goal && ($tri->[$to] // -1) != $goal;
        $s += $dist->($from);            # bring stragglers along
        if (!defined $best || $s > $best) { ($best, @cands) = ($s, $i) }
        elsif ($s == $best) { push @cands, $i }
    }
    my $i = pick(@cands);
    return { type => 'move', from => $legal[$i][0] + 0, to => $legal[$i][1] + 0 };
}

# --------------------------------------------------------------------- rooks
# The optimum is a maximum matching between row segments and column segments
# (an open cell joins its row segment and its column segment).  Kuhn's
# augmenting paths, starting from a greedy matching in scan order.
sub rooks_move {
    my ($view) = @_;
    my @rows = @{ $view->{rows} || [] };
    my $n = @rows;
    my @g = map { [ split //, $_ ] } @rows;
    my (@rseg, @cseg, $nr, $nc);
    $nr = $nc = 0;
    for my $r (0 .. $n - 1) {
        my $open = 0;
        for my $c (0 .. $#{ $g[$r] }) {
            if ($g[$r][$c] eq '.') { $nr++ unless $open; $open = 1; $rseg[$r][$c] = $nr - 1 }
            else { $open = 0 }
        }
    }
    my $w = max(0, map { scalar @$_ } @g);
    for my $c (0 .. $w - 1) {
        my $open = 0;
        for my $r (0 .. $n - 1) {
            if (($g[$r][$c] // 'X') eq '.') { $nc++ unless $open; $open = 1; $cseg[$r][$c] = $nc - 1 }
            else { $open = 0 }
        }
    }
    my @adj;    # row segment -> [col segment, r, c]
    for my $r (0 .. $n - 1) {
        for my $c (0 .. $#{ $g[$r] }) {
            next unless $g[$r][$c] eq '.';
            push @{ $adj[ $rseg[$r][$c] ] }, [ $cseg[$r][$c], $r, $c ];
        }
    }
    my (@match_c, @match_r);    # col seg -> row seg; row seg -> edge
    my %seen;
    my $try;
    $try = sub {
        my ($u) = @_;
        for my $e (@{ $adj[$u] || [] }) {
            my $v = $e->[0];
            next if $seen{$v}++;
            if (!defined $match_c[$v] || $try->($match_c[$v])) {
                $match_c[$v] = $u;
                $match_r[$u] = $e;
                return 1;
            }
        }
        return 0;
    };
    # greedy start
    for my $u (0 .. $nr - 1) {
        for my $e (@{ $adj[$u] || [] }) {
            next if defined $match_c[ $e->[0] ];
            $match_c[ $e->[0] ] = $u; $match_r[$u] = $e; last;
        }
    }
    for my $u (0 .. $nr - 1) {
        next if defined $match_r[$u];
        %seen = ();
        $try->($u);
    }
    undef $try;
    my @rooks;
    for my $v (0 .. $nc - 1) {
        my $u = $match_c[$v];
        next unless defined $u;
        my $e = $match_r[$u];
        push @rooks, [ $e->[1] + 0, $e->[2] + 0 ];
    }
    @rooks = sort { $a->[0] <=> $b->[0] || $a->[1] <=> $b->[1] } @rooks;
    return { type => 'move', rooks => \@rooks };
}

# ---------------------------------------------------------------- main loop
my %dispatch = (
    'battleship'       => \&battleship_move,
    'go-fish'          => \&gofish_move,
    'chinese-checkers' => \&checkers_move,
    'rooks'            => \&rooks_move,
);

while (defined(my $line = <STDIN>)) {
    $line =~ s/\r?\n\z//;
    next if $line eq '';
    my $msg = eval { $JSON->decode($line) };
    if (!$msg || ref $msg ne 'HASH') {
        logmsg("cannot parse line: " . substr($line, 0, 200));
        next;
    }
    my $type = $msg->{type} // '';
    if ($type eq 'hello') {
        %hello = %$msg;
        my @offered = @{ $msg->{accepts} // [ $msg->{protocol} // 0 ] };
        my ($speaks) = grep { my $v = $_; grep { ($_ // 0) == $v } @offered } (2, 1);
        if (!$speaks) {
            logmsg("unsupported protocol versions @offered");
            exit 1;
        }
        $protocol = $speaks;
        $engine = $msg->{engine} // '';
        logmsg("engine $engine, mode " . ($msg->{mode} // '?')
               . ", variant " . ($msg->{variant} // '?'));
        logmsg("unknown engine '$engine'") unless $dispatch{$engine};
        my $reply = { type => 'hello', name => 'perl-bot', version => '2.0' };
        $reply->{protocol} = $protocol + 0 if $protocol > 1;
        send_msg($reply);
    } elsif ($type eq 'game') {
        my $s = seed_rng($msg->{seed});
        logmsg("game $msg->{game} seat $msg->{seat}/$msg->{seats} seed $msg->{seed} -> srand $s");
    } elsif ($type eq 'decide') {
        my $f = $dispatch{$engine};
        my $reply = eval { $f ? $f->($msg->{view} || {}) : undef };
        if (!$reply) {
            logmsg("decide failed: " . ($@ || "no strategy for '$engine'"));
            $reply = { type => 'move' };
        }
        $reply->{id} = $msg->{id} + 0 if defined $msg->{id};    # echoed: required in protocol 2
        send_msg($reply);
    } elsif ($type eq 'over') {
        # state is per game and reseeded by the next 'game'; protocol 2 answers it
        send_msg({ type => 'over', game => $msg->{game} + 0 }) if $protocol >= 2;
    } elsif ($type eq 'bye') {
        last;
    } else {
        logmsg("ignoring message of type '$type'");
    }
}
exit 0;
